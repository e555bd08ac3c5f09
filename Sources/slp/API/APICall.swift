#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPIdentity

/// One authenticated request on its way through: who calls (the uid a token proved), what
/// they sent, and the service's dependencies. An endpoint calls its use case as the caller and
/// answers with what the `--json` renderer draws (the events' long poll runs its screen's store).
@MainActor
final class APICall {
    let uid: UserID
    let identity: VerifiedIdentity
    let parameters: FormParameters
    let dependencies: Dependencies

    init(uid: UserID, identity: VerifiedIdentity, parameters: FormParameters, dependencies: Dependencies) {
        self.uid = uid
        self.identity = identity
        self.parameters = parameters
        self.dependencies = dependencies
    }

    /// The acting user of every action: the verified uid, which names exactly that user.
    var actingUser: String { uid.rawValue }

    var now: Date { dependencies.now }
    /// What the endpoint's use case runs over.
    var storage: any Storage { dependencies.storage }
    var clock: any TimeProvider { dependencies.clock }

    /// A new store of the feature `feature` builds.
    func store<F: Feature>(_ feature: (Dependencies) -> F, initialState: F.State) -> Store<F> {
        Store(feature(dependencies), initialState: initialState)
    }

    /// One use-case call as the caller: what `body` answers, or the status and error object of
    /// what it throws.
    func perform(_ body: () throws -> APIResponse) -> APIResponse {
        do {
            return try body()
        } catch {
            return .failure(Failure(error))
        }
    }
}
