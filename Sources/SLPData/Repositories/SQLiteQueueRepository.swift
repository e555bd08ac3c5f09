#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The matching queue in slp's SQLite file.
public final class SQLiteQueueRepository: QueueRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void) throws -> QueueEntry {
        try database.write { connection in
            guard let record = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            let party = try MatchRows.party(record, in: connection)
            try check(party)
            // Queueing again means moving on from a match my partner already ended.
            try MatchRows.leaveEndedMatch(userID: record.id, in: connection)
            let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
            try QueueRows.enter(party.user, id: record.id, entry, in: connection)
            return entry
        }
    }

    public func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool {
        try database.write { connection in
            guard let record = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            try check(try MatchRows.party(record, in: connection))
            return try QueueRows.remove(userID: record.id, in: connection)
        }
    }

    public func entry(for uid: UserID) throws -> QueueEntry? {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return nil }
            return try QueueRows.entry(userID: id, in: connection)
        }
    }
}
