#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An OAuth 2.0 access token for FCM, and until when to reuse it. Never printed.
struct AccessToken: Sendable, Equatable, CustomStringConvertible {
    /// Google's libraries refresh this long before a token expires.
    static let refreshMargin: TimeInterval = 225

    let value: String
    /// After this, a new token is fetched (expiry less `refreshMargin`).
    let reuseUntil: Date

    var description: String { "AccessToken(hidden)" }
}
