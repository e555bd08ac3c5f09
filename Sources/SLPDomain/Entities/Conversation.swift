
/// The conversation of one match, as one of its members sees it.
public struct Conversation: Equatable, Sendable {
    /// The storage's handle for it; opaque to everyone else.
    public let id: Int64
    public let me: UserID
    /// My partner; nil once they have withdrawn from the service (their messages stay).
    public let partner: MatchView.Partner?
    /// The partner's uid, kept even after they withdrew, to tell their messages from mine.
    public let partnerUID: UserID?
    /// Messages can still be sent (neither side has ended the match).
    public let isOpen: Bool

    public init(id: Int64, me: UserID, partner: MatchView.Partner?, partnerUID: UserID?, isOpen: Bool) {
        self.id = id
        self.me = me
        self.partner = partner
        self.partnerUID = partnerUID
        self.isOpen = isOpen
    }
}
