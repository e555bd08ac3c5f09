#if PostgreSQL
import SLPDomain

/// A user's rows (users, items, comments) on PostgreSQL, inside a caller's transaction.
enum PGUserRows {
    /// The record whose uid is `uid`, with its items and comments.
    static func load(uid: UserID, in connection: PGConnection) throws -> UserRecord? {
        try load(where: "uid = $1", uid.rawValue, in: connection)
    }

    /// The record whose phone number is `phone`.
    static func load(phone: PhoneNumber, in connection: PGConnection) throws -> UserRecord? {
        try load(where: "phone = $1", phone.e164, in: connection)
    }

    /// The record of row `id`.
    static func load(id: Int64, in connection: PGConnection) throws -> UserRecord? {
        try load(where: "id = $1", id, in: connection)
    }

    private static func load(where condition: String, _ value: any PGValue, in connection: PGConnection) throws -> UserRecord? {
        guard var record = try connection.execute("SELECT \(UserRecord.columns) FROM slp.users WHERE \(condition)", [value])
            .first(UserRecord.init(row:)) else { return nil }
        // Items and comments in one round trip: kind 'comment' rows carry the text.
        let owned = try connection.execute("""
            SELECT kind, item, '' FROM slp.user_items WHERE user_id = $1
            UNION ALL
            SELECT 'comment', id, comment FROM slp.review_comments WHERE user_id = $1
            ORDER BY 1, 2
            """, [record.id])
        for row in owned.map({ $0 }) {
            switch row.text(0) {
            case "sesac": record.sesacItems.append(row.int(1))
            case "background": record.backgroundItems.append(row.int(1))
            default: record.comments.append(row.text(2))
            }
        }
        return record
    }

    /// The internal id of `uid`, or nil.
    static func id(of uid: UserID, in connection: PGConnection) throws -> Int64? {
        try connection.execute("SELECT id FROM slp.users WHERE uid = $1", [uid.rawValue]).first { $0.int64(0) }
    }

    /// Inserts a new user's row; returns its id, or nil when the phone number is taken.
    static func insert(_ user: User, in connection: PGConnection) throws -> Int64? {
        let record = UserRecord(user)
        return try connection.execute("""
            INSERT INTO slp.users (uid, phone, email, nick, birth, gender, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (phone) DO NOTHING RETURNING id
            """, [record.uid, record.phone, record.email, record.nick, record.birth, record.gender, record.createdAt])
            .first { $0.int64(0) }
    }

    /// Writes the mutable columns, new items and new comments of `user` to row `id`, and the
    /// search document of their queue row if they wait.
    static func save(_ user: User, id: Int64, in connection: PGConnection, previous: UserRecord?) throws {
        let record = UserRecord(user)
        let values: [(any PGValue)?] = [record.email, record.nick, record.gender, record.study]
            + record.reputation.map { $0 as any PGValue }
            + [record.sesac, record.background, record.reportedNum, record.dodgePenaltyUntil, record.dodgeNum,
               record.ageMin, record.ageMax, record.searchable, id]
        try connection.execute("""
            UPDATE slp.users SET email = $1, nick = $2, gender = $3, study = $4,
                rep_good_manners = $5, rep_punctual = $6, rep_quick_reply = $7, rep_kind = $8, rep_skilled = $9, rep_helpful = $10,
                sesac = $11, background = $12, reported_num = $13, dodge_penalty_until = $14, dodge_num = $15,
                age_min = $16, age_max = $17, searchable = $18
            WHERE id = $19
            """, values)
        let stored = (previous?.sesacItems.map { ("sesac", $0) } ?? []) + (previous?.backgroundItems.map { ("background", $0) } ?? [])
        for (kind, item) in record.sesacItems.map({ ("sesac", $0) }) + record.backgroundItems.map({ ("background", $0) })
        where !stored.contains(where: { $0 == (kind, item) }) {
            try connection.execute("""
                INSERT INTO slp.user_items (user_id, kind, item) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
                """, [id, kind, item])
        }
        // Comments are only ever appended, so the new ones are those past the stored count.
        for comment in record.comments.dropFirst(previous?.comments.count ?? 0) {
            try connection.execute("INSERT INTO slp.review_comments (user_id, comment) VALUES ($1, $2)", [id, comment])
        }
        try PGQueueRows.refreshDocument(of: user, id: id, in: connection)
    }
}
#endif
