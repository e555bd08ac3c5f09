/// Enters the queue (or refreshes my place) at a position with up to 8 studies.
public struct EnterQueueUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// Values are checked first (`invalid`), then, inside the write, `already_matched`,
    /// `reported` and `dodge_penalty`. Where the API shows me is the point of my cell
    /// (`ShownPlaces`): entering again, or moving within the cell, shows the same point.
    public func callAsFunction(me: UserID, latitude: Double, longitude: Double, studies: [String]) throws -> QueueEntry {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        let studies = try StudyList(parsing: studies)
        let now = clock.now
        return try storage.write { transaction in
            let party = try transaction.party(me)
            try MatchRules.enterQueue(party, now: now)
            // Queueing again means moving on from a match my partner already ended.
            if party.current != nil { try transaction.leaveCurrentMatch(of: me) }
            let shown = ShownPlaces(key: try transaction.shownPlaceKey()).point(for: coordinate)
            let entry = QueueEntry(uid: me, coordinate: coordinate, studies: studies, enteredAt: now, shownCoordinate: shown)
            try transaction.putInQueue(entry, of: party.user)
            return entry
        }
    }
}
