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
        case setConversation(Conversation, myNick: Nick)
        /// Messages not seen before, oldest first.
        case append([ChatMessage])
        /// The storage's change token at the last look.
        case setToken(Int64)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var conversation: Conversation?
        var myNick: Nick?
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
                let me = try identify(actingUser)
                sink(.setToken(try follow.changeToken()))
                let conversation = try Failure.wording(.notMatched, as: partner == nil ? ChatFeature.noConversation : nil) {
                    try follow.open(me: me.uid, with: partner)
                }
                let (current, history) = try follow.poll(conversation, after: nil)
                sink(.setConversation(current, myNick: me.nick))
                sink(.append(history))
            case .poll:
                guard let conversation = sink.state.conversation, let myNick = sink.state.myNick else { return }
                let token = if let seen = sink.state.token {
                    try await follow.waitForChange(after: seen, upTo: Self.longestWait)
                } else {
                    try follow.changeToken()
                }
                guard token != sink.state.token else { return }
                sink(.setToken(token))
                let (current, news) = try follow.poll(conversation, after: sink.state.messages.last?.createdAt)
                sink(.append(news))
                sink(.setConversation(current, myNick: myNick))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setConversation(let conversation, let myNick):
            state.conversation = conversation
            state.myNick = myNick
        case .append(let messages):
            // Only messages newer than the last seen: a repeated poll can never print twice.
            let last = state.messages.last?.createdAt ?? .distantPast
            state.messages += messages.filter { $0.createdAt > last }
        case .setToken(let token): state.token = token
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
