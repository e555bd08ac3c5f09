
/// `GET /queue/myQueueState`: where I stand, and how my current match is going.
public struct QueueState: Equatable, Sendable {
    public let status: QueueStatus
    /// My partner cancelled (or withdrew from the service).
    public let dodged: Bool
    /// My partner finished the match with a review.
    public let reviewed: Bool
    /// My current partner's uid, if matched, also when they have since withdrawn.
    public let partnerUID: UserID?
    /// My current partner, if matched and still registered.
    public let partner: MatchView.Partner?
    /// Where and for which studies I wait, if waiting.
    public let entry: QueueEntry?

    public init(_ snapshot: PartySnapshot) {
        if let match = snapshot.current {
            status = .matched
            dodged = match.partnerEnding == .dodged
            reviewed = match.partnerEnding == .reviewed
            partnerUID = match.partnerUID
            partner = match.partner
            entry = nil
        } else {
            status = snapshot.isWaiting ? .waiting : .general
            dodged = false
            reviewed = false
            partnerUID = nil
            partner = nil
            entry = snapshot.entry
        }
    }
}
