
/// Leaves the queue; refused while matched; leaving when not waiting is not an error.
public struct LeaveQueueUseCase {
    private let queue: any QueueRepository

    public init(queue: any QueueRepository) {
        self.queue = queue
    }

    /// True when I was waiting and have now left.
    @discardableResult
    public func callAsFunction(me: UserID) throws -> Bool {
        try queue.leave(me, check: MatchRules.leaveQueue)
    }
}
