import SLPDomain

/// `slp chat follow`: the long-lived screen. History first, then every new message, from
/// any process, as an action of its own; it ends when the match does.
struct ChatFollowFeature: Feature {
    enum Action: Sendable {
        /// Find the conversation and load its history.
        case open(actingUser: String?, with: UserID?)
        /// Wait for news (at most `longestWait`) and read it; cheap when nothing was committed.
        case poll
    }

    enum Mutation: Sendable, Equatable {
        /// What a look found: the token it saw, the conversation as it is now, and the messages
        /// not seen before, oldest first.
        case receive(ConversationNews)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var conversation: Conversation?
        /// Every message seen, oldest first; the renderer prints those it has not printed yet.
        var messages: [ChatMessage] = []
        var token: Int64?
        var failure: Failure?

        /// Following goes on while the conversation is open and nothing failed.
        var isFollowing: Bool { failure == nil && conversation?.isOpen == true }
    }

    let identify: IdentifyUserUseCase
    let follow: FollowConversationUseCase

    /// The longest one look waits: a commit from any process ends the wait at once.
    static let longestWait: Duration = .seconds(1)

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        await sink.catching(Mutation.setFailure) {
            switch action {
            case .open(let actingUser, let partner):
                let me = try identify.uid(of: actingUser)
                sink(.receive(try Failure.wording(.notMatched, as: partner == nil ? Failure.noConversation : nil) {
                    try follow.open(me: me, with: partner, page: .all)
                }))
            case .poll:
                guard let conversation = sink.state.conversation, let token = sink.state.token else { return }
                let last = sink.state.messages.last?.createdAt
                guard let news = try await follow.news(of: conversation, after: last, since: token, upTo: Self.longestWait) else { return }
                sink(.receive(news))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .receive(let news):
            state.token = news.token
            state.messages += news.messages.newer(than: state.messages)
            state.conversation = news.conversation
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
