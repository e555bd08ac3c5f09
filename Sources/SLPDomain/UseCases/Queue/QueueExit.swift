/// What leaving the queue does, however one leaves (stopping, a match, a report ban): the place
/// goes, and with it every open request from or to the person, as SLP's queue entry held them.
/// Entering again starts afresh.
enum QueueExit {
    /// True when `uid` was waiting.
    @discardableResult
    static func leave(_ uid: UserID, in transaction: any WriteTransaction) throws -> Bool {
        try transaction.deleteRequests(involving: uid)
        return try transaction.removeFromQueue(uid)
    }
}
