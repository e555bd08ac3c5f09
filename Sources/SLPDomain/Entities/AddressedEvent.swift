/// An event with whom it is for: what the realtime hub reads for all its users at once.
public struct AddressedEvent: Equatable, Sendable {
    public let recipient: UserID
    public let event: UserEvent

    public init(recipient: UserID, event: UserEvent) {
        self.recipient = recipient
        self.event = event
    }
}
