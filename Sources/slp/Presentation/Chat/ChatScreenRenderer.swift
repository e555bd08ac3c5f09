import SLPDomain
import SLPTerminal

/// Lays out `slp chat`'s screen: a title line, the conversation (newest at the bottom unless
/// scrolled back, long messages wrapped by display width), a line for notices (or, once the
/// match has ended, who ended it) and the input line, with the cursor where typing goes.
/// Pure: the same state always gives the same frame.
struct ChatScreenRenderer {
    let style: Style

    static let prompt = "> "

    func frame(_ state: ChatScreenFeature.State) -> ScreenFrame {
        let columns = max(1, state.size.columns), rows = max(1, state.size.rows)
        let hasTitle = rows >= 4, hasNotice = rows >= 3
        let messageRows = state.conversationRows
        var lines: [String] = []
        if hasTitle { lines.append(style.bold(TerminalText.prefix(title(state), width: columns).text)) }
        let conversation = conversationLines(state, columns: columns, count: messageRows)
        lines += Array(repeating: "", count: messageRows - conversation.count) + conversation
        if hasNotice {
            if let ending = state.conversation?.ending {
                lines.append(style.bold(TerminalText.prefix(Self.sentence(ending, state) + " Any key leaves.", width: columns).text))
            } else if let notice = state.notice {
                lines.append(style.red(TerminalText.prefix(TerminalText.sanitized(notice), width: columns).text))
            } else if state.scroll > 0 {
                let below = "── \(state.scroll) more below · End returns "
                lines.append(style.dim(TerminalText.prefix(below + String(repeating: "─", count: columns), width: columns).text))
            } else {
                lines.append(style.dim(String(repeating: "─", count: columns)))
            }
        }
        let promptWidth = columns > 8 ? DisplayWidth.of(Self.prompt) : 0
        let (shown, cursor) = state.input.visible(width: columns - promptWidth)
        lines.append((promptWidth > 0 ? Self.prompt : "") + shown)
        return ScreenFrame(size: TerminalSize(columns: columns, rows: rows), lines: lines, cursorRow: rows - 1, cursorColumn: promptWidth + cursor)
    }

    /// Who ended the match and how: `비 cancelled the study.`
    static func sentence(_ ending: ConversationEnding, _ state: ChatScreenFeature.State) -> String {
        let partner = state.conversation?.partner?.nick.value ?? "Your partner"
        switch (ending.who, ending.how) {
        case (.partner, .cancelled): return "\(partner) cancelled the study."
        case (.partner, .reviewed): return "\(partner) reviewed you and ended the study."
        case (.partner, .withdrew): return "\(partner) withdrew from slp; the study has ended."
        case (.me, .cancelled): return "You cancelled the study."
        case (.me, .reviewed): return "You reviewed \(partner) and ended the study."
        case (.me, .withdrew): return "You withdrew from slp."
        }
    }

    private func title(_ state: ChatScreenFeature.State) -> String {
        let partner = state.conversation?.partner?.nick.value ?? "(withdrawn user)"
        return "Chat with \(partner) · Enter sends · PgUp/PgDn scroll · Ctrl-D leaves"
    }

    /// The `count` lines of the conversation in view, or a word that it is empty.
    private func conversationLines(_ state: ChatScreenFeature.State, columns: Int, count: Int) -> [String] {
        guard count > 0, let transcript = state.transcript else { return [] }
        guard !state.messages.isEmpty else { return [style.dim(TerminalText.prefix("No messages yet.", width: columns).text)] }
        let end = transcript.lines.count - min(state.scroll, state.farthestScroll)
        return transcript.lines[max(0, end - count)..<end].map { $0.drawn(style) }
    }
}
