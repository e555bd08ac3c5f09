#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One match as one of its two members sees it.
public struct MatchView: Equatable, Sendable {
    /// The match's number; also its conversation's.
    public let id: Int64
    /// The partner's uid, kept when they withdraw (as their messages keep it).
    public let partnerUID: UserID
    /// The partner, or nil when they have withdrawn from the service.
    public let partner: Partner?
    /// How I ended my part, if I did.
    public let myEnding: MatchEnding?
    /// How my partner ended theirs, if they did (a withdrawal counts as a dodge).
    public let partnerEnding: MatchEnding?
    /// Whether I reviewed my partner in this match.
    public let iReviewed: Bool
    /// Whether it is still my current match (shown by `queue status`).
    public let isCurrent: Bool
    public let startedAt: Date

    /// The other member.
    public struct Partner: Equatable, Sendable {
        public let uid: UserID
        public let nick: Nick

        public init(uid: UserID, nick: Nick) {
            self.uid = uid
            self.nick = nick
        }
    }

    public init(
        id: Int64, partnerUID: UserID, partner: Partner?, myEnding: MatchEnding?, partnerEnding: MatchEnding?, iReviewed: Bool,
        isCurrent: Bool, startedAt: Date
    ) {
        precondition(partner == nil || partner?.uid == partnerUID, "a partner is named by their own uid")
        self.id = id
        self.partnerUID = partnerUID
        self.partner = partner
        self.myEnding = myEnding
        self.partnerEnding = partnerEnding ?? (partner == nil ? .dodged : nil)
        self.iReviewed = iReviewed
        self.isCurrent = isCurrent
        self.startedAt = startedAt
    }

    /// Neither side has ended it: the study is on, chat is open.
    public var isActive: Bool { myEnding == nil && partnerEnding == nil }
}
