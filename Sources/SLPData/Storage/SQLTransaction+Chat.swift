import SLPDomain

/// The messages of each match's conversation.
extension SQLTransaction {
    func lastMessage(in match: Int64) throws -> ChatMessage? {
        try connection.first(
            "SELECT \(MessageRecord.columns.list) FROM messages WHERE match_id = $1 ORDER BY seq DESC LIMIT 1", [.integer(match)],
            MessageRecord.message)
    }

    func messages(in match: Int64, _ page: MessagePage) throws -> [ChatMessage] {
        let selection = MessageRecord.columns.list
        switch page {
        case .all:
            return try connection.map(
                "SELECT \(selection) FROM messages WHERE match_id = $1 ORDER BY seq", [.integer(match)], MessageRecord.message)
        case .newest(let limit):
            return try connection.map("""
                SELECT \(selection) FROM (SELECT \(selection) FROM messages WHERE match_id = $1 ORDER BY seq DESC LIMIT $2) newest ORDER BY seq
                """, [.integer(match), .int(limit)], MessageRecord.message)
        case .after(let date, let limit):
            let later = "SELECT \(selection) FROM messages WHERE match_id = $1 AND created_at > $2 ORDER BY created_at"
            let values: [SQLValue] = [.integer(match), .integer(date.unixMillisecondsDown)]
            guard let limit else { return try connection.map(later, values, MessageRecord.message) }
            return try connection.map("\(later) LIMIT $3", values + [.int(limit)], MessageRecord.message)
        case .before(let date, let limit):
            return try connection.map("""
                SELECT \(selection) FROM (SELECT \(selection) FROM messages WHERE match_id = $1 AND created_at < $2 \
                ORDER BY created_at DESC LIMIT $3) earlier ORDER BY created_at
                """, [.integer(match), .integer(date.unixMillisecondsDown), .int(limit)], MessageRecord.message)
        }
    }

    func insert(_ message: ChatMessage) throws {
        try connection.run(MessageRecord.columns.insert(into: "messages"), MessageRecord.values(of: message))
    }
}
