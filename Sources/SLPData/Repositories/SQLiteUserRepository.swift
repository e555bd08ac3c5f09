import CSQLite
import Foundation
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
            try save(record, id: connection.lastInsertRowID, in: connection, previous: nil)
        }
    }

    public func user(uid: UserID) throws -> User? {
        try database.read { try load(where: "uid", equals: uid.rawValue, in: $0)?.toDomain() }
    }

    public func user(phone: PhoneNumber) throws -> User? {
        try database.read { try load(where: "phone", equals: phone.e164, in: $0)?.toDomain() }
    }

    public func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        try database.write { connection in
            guard let stored = try load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            var user = try stored.toDomain()
            try change(&user)
            try save(UserRecord(user), id: stored.id, in: connection, previous: stored)
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

    /// The record whose unique `column` equals `value`, with its items and comments.
    private func load(where column: String, equals value: String, in connection: Connection) throws -> UserRecord? {
        precondition(column == "uid" || column == "phone", "only unique columns identify a user")
        let statement = try connection.cached("SELECT \(UserRecord.columns) FROM users WHERE \(column) = ?")
        guard var record = try statement.first([.text(value)], UserRecord.init(row:)) else { return nil }
        try connection.cached("SELECT kind, item FROM user_items WHERE user_id = ? ORDER BY kind, item")
            .forEach([.integer(record.id)]) { row in
                if row.text(0) == "sesac" { record.sesacItems.append(row.int(1)) } else { record.backgroundItems.append(row.int(1)) }
            }
        record.comments = try connection.cached("SELECT comment FROM review_comments WHERE user_id = ? ORDER BY id")
            .map([.integer(record.id)]) { $0.text(0) }
        return record
    }

    /// Writes the mutable columns, new items and new comments of `record` to row `id`.
    private func save(_ record: UserRecord, id: Int64, in connection: Connection, previous: UserRecord?) throws {
        try connection.cached("""
            UPDATE users SET email = ?, nick = ?, gender = ?, study = ?,
                rep_good_manners = ?, rep_punctual = ?, rep_quick_reply = ?, rep_kind = ?, rep_skilled = ?, rep_helpful = ?,
                sesac = ?, background = ?, reported_num = ?, dodge_penalty_until = ?, dodge_num = ?,
                age_min = ?, age_max = ?, searchable = ?
            WHERE id = ?
            """).run(
                [.text(record.email), .text(record.nick), .int(record.gender), .text(record.study)]
                    + record.reputation.map(SQLiteValue.int)
                    + [.int(record.sesac), .int(record.background), .int(record.reportedNum),
                       .optionalInt(record.dodgePenaltyUntil), .int(record.dodgeNum),
                       .int(record.ageMin), .int(record.ageMax), .bool(record.searchable), .integer(id)])
        let insertItem = try connection.cached("INSERT OR IGNORE INTO user_items (user_id, kind, item) VALUES (?, ?, ?)")
        for (kind, items) in [("sesac", record.sesacItems), ("background", record.backgroundItems)] {
            for item in items { try insertItem.run([.integer(id), .text(kind), .int(item)]) }
        }
        // Comments are only ever appended, so the new ones are those past the stored count.
        let insertComment = try connection.cached("INSERT INTO review_comments (user_id, comment) VALUES (?, ?)")
        for comment in record.comments.dropFirst(previous?.comments.count ?? 0) {
            try insertComment.run([.integer(id), .text(comment)])
        }
    }
}
