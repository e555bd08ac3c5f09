
/// A row of `users` with its owned items and review comments, exactly as stored.
struct UserRecord: Equatable {
    var id: Int64
    var uid: String
    var phone: String
    var email: String
    var nick: String
    /// `YYYY-MM-DD`.
    var birth: String
    var gender: Int
    var study: String
    /// The six reputation counts in `ReputationTitle` order.
    var reputation: [Int]
    var sesac: Int
    var background: Int
    var reportedNum: Int
    /// Unix milliseconds.
    var dodgePenaltyUntil: Int64?
    var dodgeNum: Int
    var ageMin: Int
    var ageMax: Int
    var searchable: Bool
    /// Unix milliseconds.
    var createdAt: Int64
    /// Bought items (free item 0 is not stored).
    var sesacItems: [Int]
    var backgroundItems: [Int]
    var comments: [String]

    /// Columns of `users` in the order `init(row:)` reads them.
    static let columns = """
        id, uid, phone, email, nick, birth, gender, study,
        rep_good_manners, rep_punctual, rep_quick_reply, rep_kind, rep_skilled, rep_helpful,
        sesac, background, reported_num, dodge_penalty_until, dodge_num, age_min, age_max, searchable, created_at
        """
}

extension UserRecord {
    /// Reads the `columns` of a row; collections are loaded separately.
    init(row: some StoredRow) {
        self.init(
            id: row.int64(0), uid: row.text(1), phone: row.text(2), email: row.text(3), nick: row.text(4),
            birth: row.text(5), gender: row.int(6), study: row.text(7), reputation: (8...13).map(row.int),
            sesac: row.int(14), background: row.int(15), reportedNum: row.int(16),
            dodgePenaltyUntil: row.optionalInt64(17), dodgeNum: row.int(18), ageMin: row.int(19), ageMax: row.int(20),
            searchable: row.bool(21), createdAt: row.int64(22), sesacItems: [], backgroundItems: [], comments: [])
    }
}
