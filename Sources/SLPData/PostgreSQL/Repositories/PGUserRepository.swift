#if PostgreSQL
import SLPDomain

/// Users on a PostgreSQL server; each method is one transaction.
public final class PGUserRepository: UserRepository {
    private let database: PGDatabase

    public init(database: PGDatabase) {
        self.database = database
    }

    public func add(_ user: User) throws {
        try database.write { connection in
            guard let id = try PGUserRows.insert(user, in: connection) else { throw DomainError.alreadyRegistered }
            try PGUserRows.save(user, id: id, in: connection, previous: nil)
        }
    }

    public func user(uid: UserID) throws -> User? {
        try database.read { try PGUserRows.load(uid: uid, in: $0)?.toDomain() }
    }

    public func user(phone: PhoneNumber) throws -> User? {
        try database.read { try PGUserRows.load(phone: phone, in: $0)?.toDomain() }
    }

    public func record(uid: UserID) throws -> MyRecord? {
        try database.read { connection in
            guard let stored = try PGUserRows.load(uid: uid, in: connection) else { return nil }
            // A withdrawn user's row is gone: partner_id became NULL, their reports went with it.
            let reviewed = try connection.execute("""
                SELECT p.uid FROM slp.match_members m JOIN slp.users p ON p.id = m.partner_id
                WHERE m.user_id = $1 AND m.reviewed_partner
                GROUP BY p.id, p.uid ORDER BY min(m.match_id)
                """, [stored.id]).map { UserID(stored: $0.text(0)) }
            let reported = try connection.execute("""
                SELECT u.uid FROM slp.reports r JOIN slp.users u ON u.id = r.reported_id
                WHERE r.reporter_id = $1 ORDER BY r.created_at, u.id
                """, [stored.id]).map { UserID(stored: $0.text(0)) }
            return MyRecord(user: try stored.toDomain(), reviewed: reviewed, reported: reported)
        }
    }

    public func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        try database.write { connection in
            guard let stored = try PGUserRows.load(uid: uid, in: connection) else { throw DomainError.notRegistered }
            var user = try stored.toDomain()
            try change(&user)
            try PGUserRows.save(user, id: stored.id, in: connection, previous: stored)
            return user
        }
    }

    public func remove(uid: UserID) throws -> Bool {
        try database.write { connection in
            // Items, comments, the queue place and events go with the row (ON DELETE CASCADE).
            try connection.execute("DELETE FROM slp.users WHERE uid = $1", [uid.rawValue]).affectedRows > 0
        }
    }
}
#endif
