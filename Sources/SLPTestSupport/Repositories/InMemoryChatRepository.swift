import Foundation
import SLPDomain

/// An in-memory `ChatRepository` over the matches of its database, with the SQLite contract:
/// a conversation is a match as one member sees it, open while it is their current match and
/// neither member ended it nor withdrew; `send` runs `check` on the sender's situation in the
/// same transaction and a refusal stores nothing; times strictly increase within a
/// conversation (a message at or before the previous one gets the next millisecond); the
/// change token is the database's.
package final class InMemoryChatRepository: ChatRepository {
    package let database: InMemoryDatabase
    /// Every method called, in order, to check that a use case did or did not touch storage.
    package private(set) var calls: [String] = []
    /// The pages asked of `messages(in:_:)`, in order.
    package private(set) var pages: [MessagePage] = []
    /// The `now` handed to each `send`, in order.
    package private(set) var sendTimes: [Date] = []

    package init(_ database: InMemoryDatabase) {
        self.database = database
    }

    /// The `_id` the SQLite repository gives message `seq` of conversation `id`: 24 hex digits,
    /// sorting like the conversation.
    package static func messageID(conversation id: Int64, seq: Int64) -> String {
        func hex(_ value: Int64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        }
        return hex(id) + hex(seq)
    }

    private func conversation(match: Int, member: Int) -> Conversation {
        let row = database.matches[match], mine = row.members[member]
        let partner = database.users[mine.partner]
        let isOpen = mine.isCurrent && partner != nil && row.members.allSatisfy { $0.ending == nil }
        return Conversation(
            id: row.id, me: mine.user, partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, partnerUID: mine.partner,
            isOpen: isOpen)
    }

    package func conversation(of me: UserID, with partner: UserID?) throws -> Conversation? {
        calls.append("conversation")
        return database.latestMembership(of: me, with: partner).map { conversation(match: $0.match, member: $0.member) }
    }

    package func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage {
        calls.append("send")
        sendTimes.append(now)
        return try database.write {
            guard let user = database.users[me] else { throw DomainError.notRegistered }
            try check(database.party(user))
            guard let latest = database.latestMembership(of: me), database.matches[latest.match].members[latest.member].isCurrent else {
                throw DomainError.notMatched
            }
            let row = database.matches[latest.match]
            let previous = database.messages[row.id]?.last.map { Self.milliseconds($0.createdAt) } ?? Int64.min
            let createdAt = max(Self.milliseconds(now), previous + 1)
            let seq = Int64(database.messages[row.id]?.count ?? 0) + 1
            let message = ChatMessage(
                id: Self.messageID(conversation: row.id, seq: seq), from: me, to: row.members[latest.member].partner, text: text,
                createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1_000))
            database.messages[row.id, default: []].append(message)
            database.record(EventRules.notices(sending: message, from: user), at: message.createdAt)
            return message
        }
    }

    package func refresh(_ conversation: Conversation) throws -> Conversation {
        calls.append("refresh")
        guard let match = database.matches.firstIndex(where: { $0.id == conversation.id }),
              let member = database.matches[match].members.firstIndex(where: { $0.user == conversation.me }) else {
            return Conversation(id: conversation.id, me: conversation.me, partner: nil, partnerUID: conversation.partnerUID, isOpen: false)
        }
        return self.conversation(match: match, member: member)
    }

    package func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage] {
        calls.append("messages")
        pages.append(page)
        let all = database.messages[conversation.id] ?? []
        switch page {
        case .all: return all
        case .newest(let limit): return Array(all.suffix(limit))
        case .after(let date, let limit):
            let later = all.filter { $0.createdAt > date }
            return limit.map { Array(later.prefix($0)) } ?? later
        }
    }

    package func changeToken() throws -> Int64 {
        calls.append("changeToken")
        return database.changeToken
    }

    /// Returns at once: no other process can commit while this one waits.
    package nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        calls.append("waitForChange")
        return database.changeToken
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }
}
