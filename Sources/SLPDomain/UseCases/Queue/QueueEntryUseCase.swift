/// My place in the queue, if I am waiting: where a search around me is centred when no point is
/// given, and the studies I am waiting for.
public struct QueueEntryUseCase {
    private let queue: any QueueRepository

    public init(queue: any QueueRepository) {
        self.queue = queue
    }

    public func callAsFunction(me: UserID) throws -> QueueEntry? {
        try queue.entry(for: me)
    }
}
