#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Conversations on a PostgreSQL server: messages keyed by (match, sequence number). Every
/// commit notifies the channel `PGDatabase` listens on, which wakes followers on any host.
public final class PGChatRepository: ChatRepository {
    private let database: PGDatabase

    public init(database: PGDatabase) {
        self.database = database
    }

    /// A member's view of a match's conversation, with the rest of the query's WHERE clause
    /// (parameters from $2 on).
    private static func conversationQuery(_ condition: String) -> String {
        """
        SELECT \(StoredConversation.columns)
        FROM slp.match_members m
        LEFT JOIN slp.users p ON p.id = m.partner_id
        LEFT JOIN slp.match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
        WHERE m.user_id = (SELECT id FROM slp.users WHERE uid = $1) AND \(condition)
        ORDER BY m.match_id DESC LIMIT 1
        """
    }

    public func conversation(of me: UserID, with partner: UserID?) throws -> Conversation? {
        try database.read { connection in
            let result = if let partner {
                try connection.execute(Self.conversationQuery("m.partner_uid = $2"), [me.rawValue, partner.rawValue])
            } else {
                try connection.execute(Self.conversationQuery("true"), [me.rawValue])
            }
            return try result.first { try StoredConversation.read($0, me: me) }
        }
    }

    public func refresh(_ conversation: Conversation) throws -> Conversation {
        try database.read { connection in
            try connection.execute(Self.conversationQuery("m.match_id = $2"), [conversation.me.rawValue, conversation.id])
                .first { try StoredConversation.read($0, me: conversation.me) }
        } ?? Conversation(id: conversation.id, me: conversation.me, partner: nil, partnerUID: conversation.partnerUID, isOpen: false)
    }

    public func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage {
        try database.write { connection in
            guard let mine = try PGUserRows.load(uid: me, in: connection) else { throw DomainError.notRegistered }
            let party = try PGMatchRows.party(mine, in: connection)
            try check(party)
            guard let (matchID, partnerUID) = try connection.execute("""
                SELECT match_id, partner_uid FROM slp.match_members WHERE user_id = $1 AND is_current
                """, [mine.id]).first({ ($0.int64(0), $0.text(1)) }) else { throw DomainError.notMatched }
            let last = try connection.execute("SELECT seq, created_at FROM slp.messages WHERE match_id = $1 ORDER BY seq DESC LIMIT 1", [matchID])
                .first { ($0.int64(0), $0.int64(1)) }
            // Strictly increasing times: a message in the same millisecond as the one before gets the next one.
            let record = MessageRecord(
                matchID: matchID, seq: (last?.0 ?? 0) + 1, fromUID: me.rawValue, toUID: partnerUID, chat: text,
                createdAt: max(now.unixMilliseconds, (last?.1 ?? Int64.min) + 1))
            try connection.execute("""
                INSERT INTO slp.messages (match_id, seq, from_uid, to_uid, chat, created_at) VALUES ($1, $2, $3, $4, $5, $6)
                """, [record.matchID, record.seq, record.fromUID, record.toUID, record.chat, record.createdAt])
            let message = try record.toDomain()
            try PGEventRows.record(EventRules.notices(sending: message, from: party.user), at: message.createdAt, in: connection)
            return message
        }
    }

    public func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage] {
        try database.read { connection in
            let columns = "seq, from_uid, to_uid, chat, created_at"
            let result = switch page {
            case .all:
                try connection.execute("SELECT \(columns) FROM slp.messages WHERE match_id = $1 ORDER BY seq", [conversation.id])
            case .newest(let limit):
                try connection.execute("""
                    SELECT * FROM (SELECT \(columns) FROM slp.messages WHERE match_id = $1 ORDER BY seq DESC LIMIT $2) newest ORDER BY seq
                    """, [conversation.id, limit])
            case .after(let date, let limit):
                try connection.execute("""
                    SELECT \(columns) FROM slp.messages WHERE match_id = $1 AND created_at > $2 ORDER BY created_at LIMIT $3
                    """, [conversation.id, date.unixMillisecondsDown, limit])
            }
            return try result.map { row in
                try MessageRecord(
                    matchID: conversation.id, seq: row.int64(0), fromUID: row.text(1), toUID: row.text(2), chat: row.text(3),
                    createdAt: row.int64(4)).toDomain()
            }
        }
    }

    public func changeToken() throws -> Int64 {
        try database.changeToken()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
#endif
