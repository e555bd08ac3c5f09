/// Leaves the queue, voiding my open requests, sent and received; refused while matched; leaving
/// when not waiting is not an error.
public struct LeaveQueueUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// True when I was waiting and have now left.
    @discardableResult
    public func callAsFunction(me: UserID) throws -> Bool {
        try storage.write { transaction in
            try MatchRules.leaveQueue(try transaction.party(me))
            return try QueueExit.leave(me, in: transaction)
        }
    }
}
