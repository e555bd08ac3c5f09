#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The matching queue on a PostgreSQL server.
public final class PGQueueRepository: QueueRepository {
    private let database: PGDatabase

    public init(database: PGDatabase) {
        self.database = database
    }

    public func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void) throws -> QueueEntry {
        try database.write { connection in
            guard let record = try PGUserRows.load(uid: uid, in: connection) else { throw DomainError.notRegistered }
            let party = try PGMatchRows.party(record, in: connection)
            try check(party)
            // Queueing again means moving on from a match my partner already ended.
            try PGMatchRows.leaveEndedMatch(userID: record.id, in: connection)
            let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
            try PGQueueRows.enter(party.user, id: record.id, entry, in: connection)
            return entry
        }
    }

    public func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool {
        try database.write { connection in
            guard let record = try PGUserRows.load(uid: uid, in: connection) else { throw DomainError.notRegistered }
            try check(try PGMatchRows.party(record, in: connection))
            return try PGQueueRows.remove(userID: record.id, in: connection)
        }
    }

    public func entry(for uid: UserID) throws -> QueueEntry? {
        try database.read { connection in
            guard let id = try PGUserRows.id(of: uid, in: connection) else { return nil }
            return try PGQueueRows.entry(userID: id, in: connection)
        }
    }
}
#endif
