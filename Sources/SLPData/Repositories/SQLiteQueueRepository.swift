import Foundation
import SLPDomain

/// The matching queue in slp's SQLite file.
public final class SQLiteQueueRepository: QueueRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (User) throws -> Void) throws -> QueueEntry {
        try database.write { connection in
            guard let record = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            try check(try record.toDomain())
            let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
            try QueueRows.enter(userID: record.id, entry, in: connection)
            return entry
        }
    }

    public func leave(_ uid: UserID) throws -> Bool {
        try database.write { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { throw DomainError.notRegistered }
            return try QueueRows.remove(userID: id, in: connection)
        }
    }

    public func entry(for uid: UserID) throws -> QueueEntry? {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return nil }
            return try QueueRows.entry(userID: id, in: connection)
        }
    }
}
