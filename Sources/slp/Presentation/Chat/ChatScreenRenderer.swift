import SLPDomain
import SLPTerminal

/// Lays out `slp chat`'s screen: a title line, the conversation (newest at the bottom, long
/// messages wrapped by display width), a line for notices and the input line, with the cursor
/// where typing goes. Pure: the same state always gives the same frame.
struct ChatScreenRenderer {
    let style: Style
    /// Seconds east of UTC of the local time the clock times are shown in.
    let utcOffset: Int

    static let prompt = "> "

    func frame(_ state: ChatScreenFeature.State) -> ScreenFrame {
        let columns = max(1, state.size.columns), rows = max(1, state.size.rows)
        let hasTitle = rows >= 4, hasNotice = rows >= 3
        let messageRows = max(0, rows - 1 - (hasTitle ? 1 : 0) - (hasNotice ? 1 : 0))
        var lines: [String] = []
        if hasTitle { lines.append(style.bold(TerminalText.prefix(title(state), width: columns).text)) }
        let conversation = conversationLines(state, columns: columns, count: messageRows)
        lines += Array(repeating: "", count: messageRows - conversation.count) + conversation
        if hasNotice {
            if let notice = state.notice {
                lines.append(style.red(TerminalText.prefix(TerminalText.sanitized(notice), width: columns).text))
            } else {
                lines.append(style.dim(String(repeating: "─", count: columns)))
            }
        }
        let promptWidth = columns > 8 ? DisplayWidth.of(Self.prompt) : 0
        let (shown, cursor) = state.input.visible(width: columns - promptWidth)
        lines.append((promptWidth > 0 ? Self.prompt : "") + shown)
        return ScreenFrame(size: TerminalSize(columns: columns, rows: rows), lines: lines, cursorRow: rows - 1, cursorColumn: promptWidth + cursor)
    }

    private func title(_ state: ChatScreenFeature.State) -> String {
        let partner = state.conversation?.partner?.nick.value ?? "(withdrawn user)"
        return "Chat with \(partner) · Enter sends · Ctrl-D leaves"
    }

    /// The last `count` lines of the conversation, or a word that it is empty.
    private func conversationLines(_ state: ChatScreenFeature.State, columns: Int, count: Int) -> [String] {
        guard count > 0 else { return [] }
        guard let conversation = state.conversation, let myNick = state.myNick else { return [] }
        guard !state.messages.isEmpty else { return [style.dim(TerminalText.prefix("No messages yet.", width: columns).text)] }
        var lines: [String] = []
        // From the newest back, only as far as the screen reaches.
        for message in state.messages.reversed() {
            lines.insert(contentsOf: self.lines(of: message, conversation: conversation, myNick: myNick, columns: columns), at: 0)
            if lines.count >= count { break }
        }
        return Array(lines.suffix(count))
    }

    /// `09:30 민호  text`, wrapped under the text, each line within `columns`.
    private func lines(of message: ChatMessage, conversation: Conversation, myNick: Nick, columns: Int) -> [String] {
        let mine = message.from == conversation.me
        let sender = mine ? myNick.value : (conversation.partner?.nick.value ?? "(withdrawn user)")
        let time = clock(message)
        let text = TerminalText.sanitized(message.text, keepingNewlines: true)
        let indent = DisplayWidth.of(time) + 1 + DisplayWidth.of(sender) + 2
        guard columns - indent >= 10 else {
            // Too narrow to indent: the whole line, wrapped as it comes.
            return TerminalText.wrap("\(time) \(sender)  \(text)", width: columns)
        }
        let wrapped = TerminalText.wrap(text, width: columns - indent)
        let name = mine ? style.green(sender) : style.bold(sender)
        let first = style.dim(time) + " " + name + "  " + wrapped[0]
        return [first] + wrapped.dropFirst().map { String(repeating: " ", count: indent) + $0 }
    }

    /// The message's local time of day, `HH:mm`.
    private func clock(_ message: ChatMessage) -> String {
        let seconds = Int(message.createdAt.timeIntervalSince1970.rounded(.down)) + utcOffset
        let minutes = ((seconds / 60) % 1_440 + 1_440) % 1_440
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
