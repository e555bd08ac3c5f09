import SLPDomain

/// `slp chat send` and `slp chat list`: posting to my partner and reading our conversation.
struct ChatFeature: Feature {
    enum Action: Sendable {
        /// Check, before any message is read, that I may post: who I am, and my match.
        case prepareSending(actingUser: String?)
        /// Post one message (each stdin line is its own action, in order).
        /// `to`, when named (the API's path), must be my partner.
        case send(actingUser: String?, to: UserID? = nil, text: String)
        /// Read the conversation with my partner, or with a past partner.
        case list(actingUser: String?, with: UserID?, page: MessagePage)
    }

    enum Mutation: Sendable, Equatable {
        /// I may post: messages can be read and sent.
        case setReady
        /// A message was stored.
        case appendSent(ChatMessage)
        /// The conversation read, with my own nick for display.
        case setConversation(Conversation, myNick: Nick, messages: [ChatMessage])
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        /// The checks before sending passed.
        var ready = false
        /// Messages sent by this command, in order.
        var sent: [ChatMessage] = []
        var conversation: Conversation?
        var myNick: Nick?
        var messages: [ChatMessage] = []
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let send: SendMessageUseCase
    let read: ReadMessagesUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .prepareSending(let actingUser):
                let me = try identify(actingUser)
                try Failure.wording(.notMatched, as: Self.noPartner) { try send.check(me: me.uid) }
                sink(.setReady)
            case .send(let actingUser, let to, let text):
                let me = try identify(actingUser)
                sink(.appendSent(try Failure.wording(.notMatched, as: to == nil ? Self.noPartner : nil) { try send(me: me.uid, to: to, text: text) }))
            case .list(let actingUser, let partner, let page):
                let me = try identify(actingUser)
                let (conversation, messages) = try Failure.wording(.notMatched, as: partner == nil ? Self.noConversation : nil) {
                    try read(me: me.uid, with: partner, page: page)
                }
                sink(.setConversation(conversation, myNick: me.nick, messages: messages))
            }
        }
    }

    /// `not_matched` where no user was named: sending with no match at all.
    static let noPartner = "you have no match to send a message to"
    /// `not_matched` where no user was named: reading with no match ever.
    static let noConversation = "you have no conversation yet: nobody has matched with you"

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setReady: state.ready = true
        case .appendSent(let message): state.sent.append(message)
        case .setConversation(let conversation, let myNick, let messages):
            state.conversation = conversation
            state.myNick = myNick
            state.messages = messages
            state.failure = nil
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
