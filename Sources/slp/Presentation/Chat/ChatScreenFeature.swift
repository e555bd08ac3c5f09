import SLPDomain
import SLPTerminal

/// `slp chat` on a terminal: one screen to talk in. The recent history, every new message as
/// it arrives from any process, and the line being typed, which Enter sends; PageUp, PageDown,
/// Home and End scroll the whole conversation (older messages read as the view reaches them);
/// Ctrl-D or Ctrl-C leaves. When the match ends the screen stays, conversation and draft, with
/// a line saying who ended it and how, until the next key. Keys, the window's size and news
/// from the storage are all actions.
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
        /// What a look found: the token it saw, the conversation as it is now, and the messages
        /// not seen before, oldest first.
        case receive(ConversationNews)
        /// Older messages, oldest first, read while scrolling back; whether any are older still.
        case prepend([ChatMessage], hasOlder: Bool)
        /// Scroll by lines: up is positive, never past the first line or below the last.
        case scroll(by: Int)
        case scrollToTop
        case scrollToBottom
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
        /// Seconds east of UTC of the local time the clock times and days are shown in.
        let utcOffset: Int
        /// The messages read, oldest first: the newest on opening, older ones as the view
        /// scrolls back to them, every new one as it arrives.
        var messages: [ChatMessage] = []
        /// Whether messages older than the first read exist.
        var hasOlder = false
        /// Lines of the conversation below the view: 0 shows the newest (and follows them).
        var scroll = 0
        var token: Int64?
        var input = LineEditor()
        var notice: String?
        /// Counts Ctrl-L presses: a new count repaints everything.
        var redraws = 0
        var hasLeft = false
        var failure: Failure?

        init(size: TerminalSize, utcOffset: Int = 0) {
            self.size = size
            self.utcOffset = utcOffset
        }

        /// The screen stays until I leave (after the match ends too: the next key leaves) or
        /// something fails.
        var isRunning: Bool { failure == nil && !hasLeft && conversation != nil }

        /// The conversation is open: news is looked for and lines are sent.
        var isTalking: Bool { isRunning && conversation?.isOpen == true }

        /// Lines the conversation has on this screen: a title, a notice line and the input line
        /// take the rest, as far as the screen is tall enough for them.
        var conversationRows: Int {
            let rows = max(1, size.rows)
            return max(0, rows - 1 - (rows >= 4 ? 1 : 0) - (rows >= 3 ? 1 : 0))
        }

        /// The conversation laid out at the screen's width.
        var transcript: ChatTranscript? {
            guard let conversation else { return nil }
            return ChatTranscript(messages, conversation: conversation, utcOffset: utcOffset, columns: max(1, size.columns))
        }

        /// The farthest the view scrolls back: the first line at the top.
        var farthestScroll: Int { max(0, (transcript?.lines.count ?? 0) - conversationRows) }

        /// A page: the screen's conversation lines but one, kept for context.
        var page: Int { max(1, conversationRows - 1) }
    }

    let identify: IdentifyUserUseCase
    let read: ReadMessagesUseCase
    let send: SendMessageUseCase
    let follow: FollowConversationUseCase

    /// Messages read on opening and on each look back: more than any screen shows.
    nonisolated static let history = 200
    /// The longest one look waits: a commit from any process ends the wait at once, and leaving
    /// waits for the look under way.
    static let longestWait: Duration = .milliseconds(200)

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        await sink.catching(Mutation.setFailure) {
            switch action {
            case .open(let actingUser, let partner):
                let opened = try follow.open(me: try identify.uid(of: actingUser), with: partner, page: .newest(limit: Self.history))
                sink(.receive(opened))
                sink(.prepend([], hasOlder: opened.messages.count == Self.history))
            case .poll:
                guard let conversation = sink.state.conversation, let token = sink.state.token else { return }
                let last = sink.state.messages.last?.createdAt
                guard let news = try await follow.news(of: conversation, after: last, since: token, upTo: Self.longestWait) else { return }
                sink(.receive(news))
            case .key where !sink.state.isTalking:
                // The match has ended: its line is on the screen, and any key leaves.
                sink(.leave)
            case .key(.enter):
                try submit(sink)
            case .key(.interrupt), .key(.endOfInput):
                sink(.leave)
            case .key(.pageUp):
                try readBack(sink, toLines: sink.state.scroll + sink.state.page + sink.state.conversationRows)
                sink(.scroll(by: sink.state.page))
            case .key(.home):
                try readBack(sink, toLines: .max)
                sink(.scrollToTop)
            case .key(.pageDown):
                sink(.scroll(by: -sink.state.page))
            case .key(.end):
                sink(.scrollToBottom)
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

    /// Reads older messages, a page at a time, until the conversation has `lines` lines at this
    /// width or there are none older.
    private func readBack(_ sink: MutationSink<Mutation, State>, toLines lines: Int) throws {
        while sink.state.hasOlder, (sink.state.transcript?.lines.count ?? 0) < lines,
              let conversation = sink.state.conversation, let first = sink.state.messages.first {
            let partner = conversation.partnerUID
            let (_, older) = try read(me: conversation.me, with: partner, page: .before(first.createdAt, limit: Self.history))
            sink(.prepend(older, hasOlder: older.count == Self.history))
        }
    }

    /// The messages after the last one seen, and the conversation as it is now.
    private func readNews(_ sink: MutationSink<Mutation, State>) throws {
        guard let conversation = sink.state.conversation, let token = sink.state.token else { return }
        let (current, news) = try follow.poll(conversation, after: sink.state.messages.last?.createdAt)
        sink(.receive(ConversationNews(token: token, conversation: current, messages: news)))
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .receive(let news):
            state.token = news.token
            state.conversation = news.conversation
            let messages = news.messages.newer(than: state.messages)
            guard !messages.isEmpty else { break }
            // Scrolled back, the view stays on what it shows while news comes in below it.
            let before = state.scroll > 0 ? state.transcript?.lines.count ?? 0 : 0
            state.messages += messages
            if state.scroll > 0 { state.scroll += (state.transcript?.lines.count ?? 0) - before }
        case .prepend(let messages, let hasOlder):
            let first = state.messages.first?.createdAt ?? .distantFuture
            state.messages.insert(contentsOf: messages.filter { $0.createdAt < first }, at: 0)
            state.hasOlder = hasOlder
        case .scroll(let lines):
            state.scroll = min(max(0, state.scroll + lines), state.farthestScroll)
        case .scrollToTop:
            state.scroll = state.farthestScroll
        case .scrollToBottom:
            state.scroll = 0
        case .edit(let key):
            state.input.apply(key)
        case .clearInput:
            state.input = LineEditor()
        case .setNotice(let notice):
            state.notice = notice
        case .setSize(let size):
            state.size = size
            state.scroll = min(state.scroll, state.farthestScroll)
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
