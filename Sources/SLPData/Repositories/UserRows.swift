import SLPDomain


/// Reading and writing a user's rows (users, items, comments) inside a caller's transaction;
/// shared by the repositories that need a user's record.
enum UserRows {
    /// The record whose unique `column` equals `value`, with its items and comments.
    static func load(where column: String, equals value: String, in connection: Connection) throws -> UserRecord? {
        precondition(column == "uid" || column == "phone", "only unique columns identify a user")
        return try load(where: column, equals: .text(value), in: connection)
    }

    /// The record of row `id`, with its items and comments.
    static func load(id: Int64, in connection: Connection) throws -> UserRecord? {
        try load(where: "id", equals: .integer(id), in: connection)
    }

    private static func load(where column: String, equals value: SQLiteValue, in connection: Connection) throws -> UserRecord? {
        let statement = try connection.cached("SELECT \(UserRecord.columns) FROM users WHERE \(column) = ?")
        guard var record = try statement.first([value], UserRecord.init(row:)) else { return nil }
        try connection.cached("SELECT kind, item FROM user_items WHERE user_id = ? ORDER BY kind, item")
            .forEach([.integer(record.id)]) { row in
                if row.text(0) == "sesac" { record.sesacItems.append(row.int(1)) } else { record.backgroundItems.append(row.int(1)) }
            }
        record.comments = try connection.cached("SELECT comment FROM review_comments WHERE user_id = ? ORDER BY id")
            .map([.integer(record.id)]) { $0.text(0) }
        return record
    }

    /// Writes the mutable columns, new items and new comments of `user` to row `id`, and the
    /// search document of their queue row if they wait.
    static func save(_ user: User, id: Int64, in connection: Connection, previous: UserRecord?) throws {
        let record = UserRecord(user)
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
        try QueueRows.refreshDocument(of: user, id: id, in: connection)
    }
}
