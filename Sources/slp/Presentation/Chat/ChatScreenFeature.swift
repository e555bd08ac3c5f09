import SLPDomain
import SLPTerminal

/// `slp chat` on a terminal: one screen to talk in. The recent history, every new message as
/// it arrives from any process, and the line being typed, which Enter sends; Ctrl-D or Ctrl-C
/// leaves, and the screen ends when the match does. Keys, the window's size and news from the
/// storage are all actions.
struct ChatScreenFeature: Feature {
    enum Action: Sendable {
        /// Find the conversation and load its recent history.
        case open(actingUser: String?, with: UserID?)
        /// Wait for news (at most `longestWait`) and read it.
        case poll
        case key(Key)
        case resize(TerminalSize)
    }

    enum Mutation: Sendable, Equatable {
        case setConversation(Conversation, myNick: Nick)
        /// Messages not seen before, oldest first.
        case append([ChatMessage])
        /// The storage's change token at the last look.
        case setToken(Int64)
        /// A key that edits the input line.
        case edit(Key)
        /// The line was sent.
        case clearInput
        /// A line about the last thing typed (why a message was refused), or none.
        case setNotice(String?)
        case setSize(TerminalSize)
        /// Ctrl-L: paint the whole screen again.
        case redraw
        /// Ctrl-D or Ctrl-C.
        case leave
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var size: TerminalSize
        var conversation: Conversation?
        var myNick: Nick?
        /// The newest messages seen, oldest first: the screen shows the end of them.
        var messages: [ChatMessage] = []
        var token: Int64?
        var input = LineEditor()
        var notice: String?
        /// Counts Ctrl-L presses: a new count repaints everything.
        var redraws = 0
        var hasLeft = false
        var failure: Failure?

        init(size: TerminalSize) {
            self.size = size
        }

        /// The screen stays while the conversation is open, nothing failed and I have not left.
        var isRunning: Bool { failure == nil && !hasLeft && conversation?.isOpen == true }
    }

    let identify: IdentifyUserUseCase
    let read: ReadMessagesUseCase
    let send: SendMessageUseCase
    let follow: FollowConversationUseCase

    /// Messages read on opening, and the most kept: more than any screen shows.
    nonisolated static let history = 200
    /// The longest one look waits: a commit from any process ends the wait at once, and leaving
    /// waits for the look under way.
    static let longestWait: Duration = .milliseconds(200)

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        await sink.catching(Mutation.setFailure) {
            switch action {
            case .open(let actingUser, let partner):
                let me = try identify(actingUser)
                // The token first: whatever is committed after it is read by the next look.
                sink(.setToken(try follow.changeToken()))
                let (conversation, history) = try read(me: me.uid, with: partner, page: .newest(limit: Self.history))
                sink(.setConversation(conversation, myNick: me.nick))
                sink(.append(history))
            case .poll:
                guard let seen = sink.state.token else { return }
                let token = try await follow.waitForChange(after: seen, upTo: Self.longestWait)
                guard token != seen else { return }
                sink(.setToken(token))
                try readNews(sink)
            case .key(.enter):
                try submit(sink)
            case .key(.interrupt), .key(.endOfInput):
                sink(.leave)
            case .key(.redraw):
                sink(.redraw)
            case .key(let key):
                sink(.edit(key))
            case .resize(let size):
                sink(.setSize(size))
            }
        }
    }

    /// Sends the line; a message the rules refuse (too long, the study over) is said on the
    /// screen and the line stays to be corrected. What is new, my message included, is read
    /// back in order.
    private func submit(_ sink: MutationSink<Mutation, State>) throws {
        guard let conversation = sink.state.conversation else { return }
        let text = sink.state.input.text
        guard text.contains(where: { !$0.isWhitespace }) else {
            sink(.clearInput)
            return
        }
        do {
            _ = try send(me: conversation.me, text: text)
            sink(.clearInput)
            sink(.setNotice(nil))
        } catch {
            let failure = Failure(error)
            guard failure.exitCode == .usage || failure.exitCode == .refused else { throw failure }
            sink(.setNotice(failure.message))
        }
        try readNews(sink)
    }

    /// The messages after the last one seen, and the conversation as it is now.
    private func readNews(_ sink: MutationSink<Mutation, State>) throws {
        guard let conversation = sink.state.conversation, let myNick = sink.state.myNick else { return }
        let (current, news) = try follow.poll(conversation, after: sink.state.messages.last?.createdAt)
        sink(.append(news))
        sink(.setConversation(current, myNick: myNick))
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setConversation(let conversation, let myNick):
            state.conversation = conversation
            state.myNick = myNick
        case .append(let messages):
            // Only messages newer than the last seen: a repeated look never shows one twice.
            let last = state.messages.last?.createdAt ?? .distantPast
            state.messages += messages.filter { $0.createdAt > last }
            if state.messages.count > history { state.messages.removeFirst(state.messages.count - history) }
        case .setToken(let token):
            state.token = token
        case .edit(let key):
            state.input.apply(key)
        case .clearInput:
            state.input = LineEditor()
        case .setNotice(let notice):
            state.notice = notice
        case .setSize(let size):
            state.size = size
        case .redraw:
            state.redraws += 1
        case .leave:
            state.hasLeft = true
        case .setFailure(let failure):
            state.failure = failure
        }
        return state
    }
}
