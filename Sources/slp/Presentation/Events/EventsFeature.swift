#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// `slp events`: the long-lived screen of what happens to me. The stored events after the
/// starting point first, then each new one as it is committed by any process, as an action of
/// its own.
struct EventsFeature: Feature {
    enum Action: Sendable {
        /// Find me and the starting point (after `since`, or from now on), and read what is stored after it.
        case open(actingUser: String?, since: Int64?)
        /// Wait for news (at most `longestWait`); nothing is read while nothing was committed and no penalty end has come.
        case poll
    }

    enum Mutation: Sendable, Equatable {
        /// Following me, after event `after`.
        case setStart(me: UserID, after: Int64)
        /// The storage's change token at the last look.
        case setToken(Int64)
        /// What a look found.
        case append(EventBatch)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var me: UserID?
        /// The event followed from: everything after it is told.
        var start: Int64 = 0
        /// Every event told, oldest first; the renderer prints those it has not printed yet.
        var events: [UserEvent] = []
        var token: Int64?
        /// When my running penalty ends, for a look then.
        var penaltyEnds: Date?
        var failure: Failure?

        /// The last event told: the next look starts after it.
        var last: Int64 { events.last?.id ?? start }
        /// Following goes on while I am known and nothing failed.
        var isFollowing: Bool { failure == nil && me != nil }
    }

    let identify: IdentifyUserUseCase
    let follow: FollowEventsUseCase

    /// The longest one look waits: a commit from any process, or the penalty's end, ends it at once.
    static let longestWait: Duration = .seconds(1)

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        await sink.catching(Mutation.setFailure) {
            switch action {
            case .open(let actingUser, let since):
                let me = try identify(actingUser)
                // The token first: a commit after it is looked for again, never missed.
                sink(.setToken(try follow.changeToken()))
                sink(.setStart(me: me.uid, after: try follow.start(me: me.uid, since: since)))
                sink(.append(try follow.look(me: me.uid, after: sink.state.last)))
            case .poll:
                guard let me = sink.state.me,
                      try await follow.waitForNews(since: sink.state.token, penaltyEnds: sink.state.penaltyEnds, upTo: Self.longestWait)
                else { return }
                sink(.setToken(try follow.changeToken()))
                sink(.append(try follow.look(me: me, after: sink.state.last)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setStart(let me, let after):
            state.me = me
            state.start = after
        case .setToken(let token):
            state.token = token
        case .append(let batch):
            // Only events after the last told: a repeated look can never print one twice.
            let last = state.last
            state.events += batch.events.filter { $0.id > last }
            state.penaltyEnds = batch.penaltyEnds
        case .setFailure(let failure):
            state.failure = failure
        }
        return state
    }
}
