/// Everyone's events committed since a feed position, and the position to read from next.
///
/// A position is the storage's own mark in its commit order. Reading from it again returns
/// every event committed since it was taken; it may also return some returned before (where
/// transactions commit out of the order of their ids), but each user's events always come
/// in their id order.
public struct EventFeedPage: Equatable, Sendable {
    /// Oldest first.
    public let events: [AddressedEvent]
    public let next: Int64

    public init(events: [AddressedEvent], next: Int64) {
        self.events = events
        self.next = next
    }
}
