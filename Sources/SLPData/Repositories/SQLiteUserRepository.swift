import CSQLite
import SLPDomain

/// Users in slp's SQLite file; each method is one transaction.
public final class SQLiteUserRepository: UserRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func add(_ user: User) throws {
        try database.write { connection in
            let record = UserRecord(user)
            do {
                try connection.cached("""
                    INSERT INTO users (uid, phone, email, nick, birth, gender, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """).run([
                        .text(record.uid), .text(record.phone), .text(record.email), .text(record.nick),
                        .text(record.birth), .int(record.gender), .integer(record.createdAt),
                    ])
            } catch let error as SQLiteError
                where error.extendedCode == SQLiteError.constraintUnique && error.message.contains("users.phone") {
                throw DomainError.alreadyRegistered
            }
            try UserRows.save(user, id: connection.lastInsertRowID, in: connection, previous: nil)
        }
    }

    public func user(uid: UserID) throws -> User? {
        try database.read { try UserRows.load(where: "uid", equals: uid.rawValue, in: $0)?.toDomain() }
    }

    public func user(phone: PhoneNumber) throws -> User? {
        try database.read { try UserRows.load(where: "phone", equals: phone.e164, in: $0)?.toDomain() }
    }

    public func record(uid: UserID) throws -> MyRecord? {
        try database.read { connection in
            guard let stored = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else { return nil }
            // A withdrawn user's row is gone: partner_id became NULL, their reports went with it.
            let reviewed = try connection.cached("""
                SELECT p.uid FROM match_members m JOIN users p ON p.id = m.partner_id
                WHERE m.user_id = ? AND m.reviewed_partner = 1
                GROUP BY p.id ORDER BY min(m.match_id)
                """).map([.integer(stored.id)]) { UserID(stored: $0.text(0)) }
            let reported = try connection.cached("""
                SELECT u.uid FROM reports r JOIN users u ON u.id = r.reported_id
                WHERE r.reporter_id = ? ORDER BY r.created_at, u.id
                """).map([.integer(stored.id)]) { UserID(stored: $0.text(0)) }
            return MyRecord(user: try stored.toDomain(), reviewed: reviewed, reported: reported)
        }
    }

    public func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        try database.write { connection in
            guard let stored = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            var user = try stored.toDomain()
            try change(&user)
            try UserRows.save(user, id: stored.id, in: connection, previous: stored)
            return user
        }
    }

    public func remove(uid: UserID) throws -> Bool {
        try database.write { connection in
            // Items and review comments go with the row (ON DELETE CASCADE).
            try connection.cached("DELETE FROM users WHERE uid = ?").run([.text(uid.rawValue)])
            return connection.changes > 0
        }
    }
}
