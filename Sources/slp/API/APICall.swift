#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPCommandLine
import SLPDomain
import SLPIdentity

/// One authenticated request on its way through: who calls (the uid a token proved), what
/// they sent, and the service's dependencies. An endpoint runs its feature's store with the
/// caller as the acting user and answers with what the `--json` renderer draws.
@MainActor
final class APICall {
    let uid: UserID
    let identity: VerifiedIdentity
    let parameters: FormParameters
    let dependencies: Dependencies
    /// Renderers want one; failures never reach them here (`answer` turns them into statuses),
    /// so it knows no command: building the command line's table cost every request 7% of its
    /// instructions.
    let failures = FailureRenderer(help: HelpFormatter(root: CommandSpec(name: "slp", abstract: ""), globalOptions: []))

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

    /// Runs `action` through a new store of `feature`; the final state.
    func run<F: Feature>(_ action: F.Action, feature: (Dependencies) -> F, initialState: F.State) async -> F.State {
        let store = store(feature, initialState: initialState)
        await store.send(action)
        return store.state
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

    /// `failure`'s status and error object, or `status` and the document `render` draws.
    func answer(_ failure: Failure?, status: Int = 200, _ render: () -> Output) -> APIResponse {
        if let failure { return .failure(failure) }
        return .document(render(), status: status)
    }
}
