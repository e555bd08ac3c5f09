
/// An event a change causes, and for whom: what the rules tell storage to record with it.
public struct EventNotice: Equatable, Sendable {
    public let recipient: UserID
    public let kind: UserEventKind

    public init(recipient: UserID, kind: UserEventKind) {
        self.recipient = recipient
        self.kind = kind
    }
}
