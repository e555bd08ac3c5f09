#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A token `slp token` made: the secret itself (printed once, on stdout only) and whom it names.
struct IssuedToken: Equatable, Sendable {
    let token: String
    let uid: UserID
    /// The phone number a token for a person not yet registered is bound to.
    let phone: PhoneNumber?
    let expiresAt: Date
}
