/// Who ended a conversation's match, and how, as one of its members sees it.
public struct ConversationEnding: Equatable, Sendable {
    public enum Who: Equatable, Sendable { case me, partner }
    public enum How: Equatable, Sendable {
        /// `match dodge`.
        case cancelled
        /// `match review`: reviewing ends the match for the reviewer.
        case reviewed
        /// `user withdraw`: the account is gone.
        case withdrew
    }

    public let who: Who
    public let how: How

    public init(_ who: Who, _ how: How) {
        self.who = who
        self.how = how
    }

    /// How `match` ended as `me`'s side sees it, nil while it is on. The partner's ending is
    /// told first: on a screen that stays open, it is the news.
    public init?(of match: MatchView) {
        if match.partner == nil {
            self.init(.partner, .withdrew)
        } else if let ending = match.partnerEnding {
            self.init(.partner, ending == .dodged ? .cancelled : .reviewed)
        } else if let ending = match.myEnding {
            self.init(.me, ending == .dodged ? .cancelled : .reviewed)
        } else {
            return nil
        }
    }
}
