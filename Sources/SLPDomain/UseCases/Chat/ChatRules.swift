#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who may post, and how messages follow one another.
public enum ChatRules {
    /// Only the members of a match that is still on may post.
    public static func send(_ me: PartySnapshot, to partner: UserID? = nil) throws {
        guard let match = me.latest, partner == nil || partner == match.partnerUID else { throw DomainError.notMatched }
        guard match.isCurrent, match.isActive else { throw DomainError.studyEnded }
    }

    /// The message after `last` (the pair's last, in any of their matches) in the conversation
    /// of `match`: numbered one more in that match (1 for its first), and created at `now` in
    /// whole milliseconds, or a millisecond after `last` when `now` is not later, so that times
    /// strictly increase across the pair's whole history and paging by time never skips or repeats.
    static func message(after last: ChatMessage?, in match: MatchView, from me: UserID, text: String, at now: Date) -> ChatMessage {
        let milliseconds = { (date: Date) in (date.timeIntervalSince1970 * 1_000).rounded() }
        let time = max(milliseconds(now), last.map { milliseconds($0.createdAt) + 1 } ?? -.infinity)
        return ChatMessage(
            id: MessageID(conversation: match.id, sequence: (last.flatMap { $0.id.conversation == match.id ? $0.id.sequence : nil } ?? 0) + 1), from: me, to: match.partnerUID, text: text,
            createdAt: Date(timeIntervalSince1970: time / 1_000))
    }
}
