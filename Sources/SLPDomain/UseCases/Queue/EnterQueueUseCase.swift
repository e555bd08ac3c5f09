
/// Enters the queue (or refreshes my place) at a position with up to 8 studies.
public struct EnterQueueUseCase {
    /// Reports that bar a user from the queue.
    public static let reportLimit = 3

    private let queue: any QueueRepository
    private let clock: any TimeProvider

    public init(queue: any QueueRepository, clock: any TimeProvider) {
        self.queue = queue
        self.clock = clock
    }

    /// Values are checked first (`invalid`), then, inside the write, `already_matched`,
    /// `reported` and `dodge_penalty`.
    public func callAsFunction(me: UserID, latitude: Double, longitude: Double, studies: [String]) throws -> QueueEntry {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        let studies = try StudyList(parsing: studies)
        let now = clock.now
        return try queue.enter(me, at: coordinate, studies: studies, now: now) { try MatchRules.enterQueue($0, now: now) }
    }
}
