#if PostgreSQL
extension UserRecord {
    /// Reads `UserRecord.columns` of a PostgreSQL row; collections are loaded separately.
    init(row: PGRow) {
        self.init(
            id: row.int64(0), uid: row.text(1), phone: row.text(2), email: row.text(3), nick: row.text(4),
            birth: row.text(5), gender: row.int(6), study: row.text(7), reputation: (8...13).map(row.int),
            sesac: row.int(14), background: row.int(15), reportedNum: row.int(16),
            dodgePenaltyUntil: row.optionalInt64(17), dodgeNum: row.int(18), ageMin: row.int(19), ageMax: row.int(20),
            searchable: row.bool(21), createdAt: row.int64(22), sesacItems: [], backgroundItems: [], comments: [])
    }
}
#endif
