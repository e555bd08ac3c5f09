/// Enters the queue (or refreshes my place) at a position with up to 8 studies.
public struct EnterQueueUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider
    private let displacements: any DisplacementGenerator

    public init(storage: any Storage, clock: any TimeProvider, displacements: any DisplacementGenerator = RandomDisplacementGenerator()) {
        self.storage = storage
        self.clock = clock
        self.displacements = displacements
    }

    /// Values are checked first (`invalid`), then, inside the write, `already_matched`,
    /// `reported` and `dodge_penalty`. Where the API shows me is drawn as I enter and kept
    /// while I wait, wherever I move: a place refreshed again and again gives nothing away.
    public func callAsFunction(me: UserID, latitude: Double, longitude: Double, studies: [String]) throws -> QueueEntry {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        let studies = try StudyList(parsing: studies)
        let now = clock.now
        return try storage.write { transaction in
            let party = try transaction.party(me)
            try MatchRules.enterQueue(party, now: now)
            // Queueing again means moving on from a match my partner already ended.
            if party.current != nil { try transaction.leaveCurrentMatch(of: me) }
            let displacement = party.entry?.displacement ?? displacements.next()
            let entry = QueueEntry(uid: me, coordinate: coordinate, studies: studies, enteredAt: now, displacement: displacement)
            try transaction.putInQueue(entry, of: party.user)
            return entry
        }
    }
}
