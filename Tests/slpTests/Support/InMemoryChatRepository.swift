import Foundation
import SLPDomain

/// Conversations kept in memory over an `InMemoryUserRepository`, with the SQLite contract:
/// `send` runs `check` on the sender's situation and a refusal stores nothing; times strictly
/// increase within a conversation; the change token moves on every commit.
final class InMemoryChatRepository: ChatRepository {
    /// One match's conversation.
    struct Room {
        let id: Int64
        let members: [UserID]
        let startedAt: Date
        /// Members who ended their part (dodged or reviewed).
        var ended: Set<UserID> = []
        var messages: [ChatMessage] = []

        func partner(of me: UserID) -> UserID { members[0] == me ? members[1] : members[0] }
    }

    let users: InMemoryUserRepository
    private(set) var rooms: [Room] = []
    private(set) var token: Int64 = 100

    init(users: InMemoryUserRepository) {
        self.users = users
    }

    /// Starts the conversation of a new match between `a` and `b`.
    @discardableResult
    func open(_ a: UserID, _ b: UserID, at now: Date) -> Int64 {
        let id = Int64(rooms.count + 1)
        rooms.append(Room(id: id, members: [a, b], startedAt: now))
        token += 1
        return id
    }

    /// `member` ends their part of match `id`, as a dodge or review in another process would.
    func end(_ id: Int64, by member: UserID) {
        rooms[Int(id - 1)].ended.insert(member)
        token += 1
    }

    /// Another process commits something unrelated to chat.
    func commitElsewhere() {
        token += 1
    }

    private func view(_ room: Room, for me: User) throws -> Conversation {
        let partnerUID = room.partner(of: me.uid)
        let partner = try users.user(uid: partnerUID)
        return Conversation(
            id: room.id, me: me.uid, partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, partnerUID: partnerUID,
            isOpen: room.ended.isEmpty && partner != nil)
    }

    func conversation(of me: UserID, with partner: UserID?) throws -> Conversation? {
        guard let user = try users.user(uid: me),
              let room = rooms.last(where: { $0.members.contains(me) && (partner == nil || $0.partner(of: me) == partner) }) else { return nil }
        return try view(room, for: user)
    }

    func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage {
        guard let user = try users.user(uid: me) else { throw DomainError.notRegistered }
        let index = rooms.lastIndex { $0.members.contains(me) }
        var latest: MatchView?
        if let index {
            let room = rooms[index]
            let partnerUID = room.partner(of: me)
            let partner = try users.user(uid: partnerUID)
            latest = MatchView(
                partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, myEnding: room.ended.contains(me) ? .dodged : nil,
                partnerEnding: room.ended.contains(partnerUID) ? .dodged : nil, iReviewed: false, isCurrent: !room.ended.contains(me),
                startedAt: room.startedAt)
        }
        try check(PartySnapshot(user: user, isWaiting: false, current: latest?.isCurrent == true ? latest : nil, latest: latest))
        guard let index else { throw DomainError.notMatched }
        let room = rooms[index]
        let previous = room.messages.last.map { Self.milliseconds($0.createdAt) } ?? Int64.min
        let createdAt = max(Self.milliseconds(now), previous + 1)
        let seq = Int64(room.messages.count + 1)
        let message = ChatMessage(
            id: Self.hex(room.id) + Self.hex(seq), from: me, to: room.partner(of: me), text: text,
            createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1_000))
        rooms[index].messages.append(message)
        token += 1
        return message
    }

    func refresh(_ conversation: Conversation) throws -> Conversation {
        guard let user = try users.user(uid: conversation.me), let room = rooms.first(where: { $0.id == conversation.id }) else {
            return Conversation(id: conversation.id, me: conversation.me, partner: nil, partnerUID: conversation.partnerUID, isOpen: false)
        }
        return try view(room, for: user)
    }

    func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage] {
        let all = rooms.first { $0.id == conversation.id }?.messages ?? []
        switch page {
        case .all: return all
        case .newest(let limit): return Array(all.suffix(limit))
        case .after(let date, let limit):
            let later = all.filter { $0.createdAt > date }
            return limit.map { Array(later.prefix($0)) } ?? later
        }
    }

    func changeToken() throws -> Int64 { token }

    static func hex(_ value: Int64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 12 - digits.count) + digits
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }
}
