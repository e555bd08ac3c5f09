
/// The conversation of one match, as one of its members sees it.
public struct Conversation: Equatable, Sendable {
    /// The match's number.
    public let id: Int64
    public let me: UserID
    /// My nick, naming my own messages.
    public let myNick: Nick
    /// My partner; nil once they have withdrawn from the service (their messages stay).
    public let partner: MatchView.Partner?
    /// The partner's uid, kept even after they withdrew, to tell their messages from mine.
    public let partnerUID: UserID?
    /// Messages can still be sent (neither side has ended the match).
    public let isOpen: Bool
    /// Who ended the match and how, once it is closed; nil while open.
    public let ending: ConversationEnding?

    public init(
        id: Int64, me: UserID, myNick: Nick, partner: MatchView.Partner?, partnerUID: UserID?, isOpen: Bool,
        ending: ConversationEnding? = nil
    ) {
        self.id = id
        self.me = me
        self.myNick = myNick
        self.partner = partner
        self.partnerUID = partnerUID
        self.isOpen = isOpen
        self.ending = isOpen ? nil : ending
    }

    /// The conversation of `match` as `me` sees it: open while it is my current match and
    /// nobody has ended it (a partner who withdrew has).
    public init(of match: MatchView, me: UserID, myNick: Nick) {
        self.init(
            id: match.id, me: me, myNick: myNick, partner: match.partner, partnerUID: match.partnerUID, isOpen: match.isCurrent && match.isActive,
            ending: ConversationEnding(of: match))
    }

    /// The same conversation once I am no longer in its match (I withdrew): closed.
    public var closed: Conversation {
        Conversation(id: id, me: me, myNick: myNick, partner: nil, partnerUID: partnerUID, isOpen: false, ending: ConversationEnding(.me, .withdrew))
    }
}
