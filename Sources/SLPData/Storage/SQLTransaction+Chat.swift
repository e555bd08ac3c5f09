import SLPDomain

/// The messages two people wrote each other, across every match they had: the matches are
/// found through the member's rows (`match_members_by_user`), the messages of each through
/// `messages_by_time`.
extension SQLTransaction {
    /// The newest match's last message, else the one before's: a later match's messages are the
    /// later ones, and each look is one step down the primary key, where sorting all the pair's
    /// messages for the newest would cost every send a pass over the whole history.
    func lastMessage(between uid: UserID, and partner: UserID) throws -> ChatMessage? {
        guard let pair = try pair(uid, partner) else { return nil }
        let matches = try connection.map(
            "SELECT match_id FROM match_members WHERE user_id = $1 AND partner_uid = $2 ORDER BY match_id DESC", pair, { $0.int64("match_id") })
        for match in matches {
            if let last = try connection.first(
                "SELECT \(MessageRecord.columns.list) FROM messages WHERE match_id = $1 ORDER BY seq DESC LIMIT 1", [.integer(match)],
                MessageRecord.message) {
                return last
            }
        }
        return nil
    }

    func messages(between uid: UserID, and partner: UserID, _ page: MessagePage) throws -> [ChatMessage] {
        guard let pair = try pair(uid, partner) else { return [] }
        let selection = MessageRecord.columns.list
        let inPair = "SELECT \(selection) FROM messages WHERE \(Self.pairMatches)"
        switch page {
        case .all:
            return try connection.map("\(inPair) ORDER BY \(Self.order)", pair, MessageRecord.message)
        case .newest(let limit):
            return try connection.map("""
                SELECT \(selection) FROM (\(inPair) ORDER BY \(Self.reversed) LIMIT $3) newest ORDER BY \(Self.order)
                """, pair + [.int(limit)], MessageRecord.message)
        case .after(let date, let limit):
            let later = "\(inPair) AND created_at > $3 ORDER BY \(Self.order)"
            let values = pair + [.integer(date.unixMillisecondsDown)]
            guard let limit else { return try connection.map(later, values, MessageRecord.message) }
            return try connection.map("\(later) LIMIT $4", values + [.int(limit)], MessageRecord.message)
        case .before(let date, let limit):
            return try connection.map("""
                SELECT \(selection) FROM (\(inPair) AND created_at < $3 ORDER BY \(Self.reversed) LIMIT $4) earlier ORDER BY \(Self.order)
                """, pair + [.integer(date.unixMillisecondsDown), .int(limit)], MessageRecord.message)
        }
    }

    func insert(_ message: ChatMessage) throws {
        try connection.run(MessageRecord.columns.insert(into: "messages"), MessageRecord.values(of: message))
    }

    /// `$1` and `$2` of `pairMatches`: the pair's matches as `uid`'s member rows tell, or as
    /// `partner`'s do once `uid` has withdrawn (a follower who withdrew still reads what was said).
    private func pair(_ uid: UserID, _ partner: UserID) throws -> [SQLValue]? {
        if let id = try rowID(uid) { return [.integer(id), .text(partner.rawValue)] }
        return try rowID(partner).map { [.integer($0), .text(uid.rawValue)] }
    }

    /// The matches of the member with row id `$1` and the partner with uid `$2`.
    private static var pairMatches: String { "match_id IN (SELECT match_id FROM match_members WHERE user_id = $1 AND partner_uid = $2)" }
    /// Oldest first: times strictly increase between two people; the ids only order rows
    /// stored before that held across matches.
    private static var order: String { "created_at, match_id, seq" }
    private static var reversed: String { "created_at DESC, match_id DESC, seq DESC" }
}
