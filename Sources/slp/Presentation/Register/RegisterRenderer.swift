#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Draws `slp register`: the new uid for people, the user object for programs.
struct RegisterRenderer {
    let format: OutputFormat
    let failures: FailureRenderer
    let now: Date

    func render(_ state: RegisterFeature.State) -> Output {
        if let failure = state.failure { return failures.render(failure, format: format) }
        guard let user = state.user else {
            return failures.render(Failure(code: "internal_error", status: nil, message: "nothing registered", exitCode: .software), format: format)
        }
        switch format {
        case .json: return .success(UserJSON.user(MyRecord(newUser: user), now: now).text + "\n")
        case .text: return .success(user.uid.rawValue + "\n")
        }
    }
}
