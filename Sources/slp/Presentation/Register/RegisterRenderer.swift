#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Draws `slp register`: the new uid for people, the user object for programs.
struct RegisterRenderer {
    let format: OutputFormat
    let now: Date

    func render(_ user: User) -> Output {
        switch format {
        case .json: return .success(UserJSON.user(MyRecord(newUser: user), now: now).text + "\n")
        case .text: return .success(user.uid.rawValue + "\n")
        }
    }
}
