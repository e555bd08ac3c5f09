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
