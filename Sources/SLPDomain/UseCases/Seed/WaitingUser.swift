
/// A registered user together with their place in the queue.
public struct WaitingUser: Equatable, Sendable {
    public let user: User
    public let entry: QueueEntry

    public init(user: User, entry: QueueEntry) {
        self.user = user
        self.entry = entry
    }
}
