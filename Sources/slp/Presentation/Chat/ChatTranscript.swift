#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPTerminal

/// `slp chat`'s conversation laid out in lines for a width: `09:30 민호  text`, wrapped under the
/// text; the first message of each local day carries its date (`2026-11-27 09:30`), as a time
/// alone is ambiguous in a long history. Pure: the store counts these lines to scroll by and
/// the renderer draws the same lines.
struct ChatTranscript: Equatable, Sendable {
    /// One line on the screen, styled only when drawn.
    enum Line: Equatable, Sendable {
        /// A message's first line: when, who, and the start of the text.
        case head(stamp: String, sender: String, mine: Bool, text: String)
        /// The rest of a message, indented under its text (or whole, on a narrow screen).
        case plain(String)

        func drawn(_ style: Style) -> String {
            switch self {
            case .head(let stamp, let sender, let mine, let text):
                style.dim(stamp) + " " + (mine ? style.green(sender) : style.bold(sender)) + "  " + text
            case .plain(let text): text
            }
        }
    }

    let lines: [Line]

    init(_ messages: [ChatMessage], conversation: Conversation, utcOffset: Int, columns: Int) {
        let partner = conversation.partner?.nick.value ?? "(withdrawn user)"
        var lines: [Line] = []
        var lastDay: CalendarDate?
        for message in messages {
            let local = message.createdAt.addingTimeInterval(TimeInterval(utcOffset))
            let day = CalendarDate(utcDayOf: local)
            let stamp = (day == lastDay ? "" : "\(day) ") + Self.clock(local)
            lastDay = day
            let mine = message.from == conversation.me
            lines += Self.lines(stamp: stamp, sender: mine ? conversation.myNick.value : partner, mine: mine, message.text, columns: max(1, columns))
        }
        self.lines = lines
    }

    /// One message, each line within `columns`.
    private static func lines(stamp: String, sender: String, mine: Bool, _ text: String, columns: Int) -> [Line] {
        let text = TerminalText.sanitized(text, keepingNewlines: true)
        let indent = DisplayWidth.of(stamp) + 1 + DisplayWidth.of(sender) + 2
        guard columns - indent >= 10 else {
            // Too narrow to indent: the whole line, wrapped as it comes.
            return TerminalText.wrap("\(stamp) \(sender)  \(text)", width: columns).map(Line.plain)
        }
        let wrapped = TerminalText.wrap(text, width: columns - indent)
        return [.head(stamp: stamp, sender: sender, mine: mine, text: wrapped[0])]
            + wrapped.dropFirst().map { .plain(String(repeating: " ", count: indent) + $0) }
    }

    /// The time of day of a date already moved to local time, `HH:mm`.
    private static func clock(_ local: Date) -> String {
        let seconds = Int(local.timeIntervalSince1970.rounded(.down))
        let minutes = ((seconds / 60) % 1_440 + 1_440) % 1_440
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
