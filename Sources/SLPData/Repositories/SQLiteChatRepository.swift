#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Conversations in slp's SQLite file: messages keyed by (match, sequence number).
public final class SQLiteChatRepository: ChatRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// A member's view of a match's conversation, with the rest of the query's WHERE clause.
    private static func conversationQuery(_ condition: String) -> String {
        """
        SELECT \(StoredConversation.columns)
        FROM match_members m
        LEFT JOIN users p ON p.id = m.partner_id
        LEFT JOIN match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
        WHERE m.user_id = (SELECT id FROM users WHERE uid = ?) AND \(condition)
        ORDER BY m.match_id DESC LIMIT 1
        """
    }

    public func conversation(of me: UserID, with partner: UserID?) throws -> Conversation? {
        try database.read { connection in
            if let partner {
                return try connection.cached(Self.conversationQuery("m.partner_uid = ?"))
                    .first([.text(me.rawValue), .text(partner.rawValue)]) { try StoredConversation.read($0, me: me) }
            }
            return try connection.cached(Self.conversationQuery("1")).first([.text(me.rawValue)]) { try StoredConversation.read($0, me: me) }
        }
    }

    public func refresh(_ conversation: Conversation) throws -> Conversation {
        try database.read { connection in
            try connection.cached(Self.conversationQuery("m.match_id = ?"))
                .first([.text(conversation.me.rawValue), .integer(conversation.id)]) { try StoredConversation.read($0, me: conversation.me) }
        } ?? Conversation(id: conversation.id, me: conversation.me, partner: nil, partnerUID: conversation.partnerUID, isOpen: false)
    }

    public func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage {
        try database.write { connection in
            guard let mine = try UserRows.load(where: "uid", equals: me.rawValue, in: connection) else { throw DomainError.notRegistered }
            let party = try MatchRows.party(mine, in: connection)
            try check(party)
            guard let (matchID, partnerUID) = try connection.cached("""
                SELECT match_id, partner_uid FROM match_members WHERE user_id = ? AND is_current = 1
                """).first([.integer(mine.id)], { ($0.int64(0), $0.text(1)) }) else { throw DomainError.notMatched }
            let last = try connection.cached("SELECT seq, created_at FROM messages WHERE match_id = ? ORDER BY seq DESC LIMIT 1")
                .first([.integer(matchID)]) { ($0.int64(0), $0.int64(1)) }
            let seq = (last?.0 ?? 0) + 1
            // Strictly increasing times: a message in the same millisecond as the one before gets the next one.
            let createdAt = max(now.unixMilliseconds, (last?.1 ?? Int64.min) + 1)
            try connection.cached("INSERT INTO messages (match_id, seq, from_uid, to_uid, chat, created_at) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.integer(matchID), .integer(seq), .text(me.rawValue), .text(partnerUID), .text(text), .integer(createdAt)])
            let message = try MessageRecord(
                matchID: matchID, seq: seq, fromUID: me.rawValue, toUID: partnerUID, chat: text, createdAt: createdAt).toDomain()
            try EventRows.record(EventRules.notices(sending: message, from: party.user), at: message.createdAt, in: connection)
            return message
        }
    }

    public func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage] {
        try database.read { connection in
            let columns = "seq, from_uid, to_uid, chat, created_at"
            let id = SQLiteValue.integer(conversation.id)
            let decode = { (row: Row) throws -> ChatMessage in
                try MessageRecord(
                    matchID: conversation.id, seq: row.int64(0), fromUID: row.text(1), toUID: row.text(2), chat: row.text(3),
                    createdAt: row.int64(4)).toDomain()
            }
            switch page {
            case .all:
                return try connection.cached("SELECT \(columns) FROM messages WHERE match_id = ? ORDER BY seq").map([id], decode)
            case .newest(let limit):
                return try connection.cached("SELECT \(columns) FROM messages WHERE match_id = ? ORDER BY seq DESC LIMIT ?")
                    .map([id, .int(limit)], decode).reversed()
            case .after(let date, let limit):
                return try connection.cached("SELECT \(columns) FROM messages WHERE match_id = ? AND created_at > ? ORDER BY created_at LIMIT ?")
                    .map([id, .integer(date.unixMillisecondsDown), .int(limit ?? -1)], decode)
            }
        }
    }

    public func changeToken() throws -> Int64 {
        try database.dataVersion()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
