
/// Two users and what lies between them, read inside one transaction.
public struct PairSnapshot: Equatable, Sendable {
    public let me: PartySnapshot
    public let other: PartySnapshot
    /// The other user has an open study request to me.
    public let requestFromOther: Bool
    /// I reported the other user.
    public let iReported: Bool
    /// The other user reported me.
    public let otherReported: Bool
    /// I have an open study request to the other user.
    public let requestToOther: Bool
    /// We are or were matched with each other (the latest such match, as I see it).
    public let matchTogether: MatchView?

    public init(
        me: PartySnapshot, other: PartySnapshot, requestFromOther: Bool, iReported: Bool, otherReported: Bool,
        requestToOther: Bool = false, matchTogether: MatchView? = nil
    ) {
        self.me = me
        self.other = other
        self.requestFromOther = requestFromOther
        self.iReported = iReported
        self.otherReported = otherReported
        self.requestToOther = requestToOther
        self.matchTogether = matchTogether
    }
}
