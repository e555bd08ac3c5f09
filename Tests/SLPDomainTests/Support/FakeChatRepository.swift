import Foundation
import SLPDomain

/// An in-memory `ChatRepository` with the SQLite contract: `send` runs `check` on the sender's
/// configured `PartySnapshot` and stores nothing when it refuses; times strictly increase within
/// a conversation (a message at or before the previous one gets the next millisecond).
final class FakeChatRepository: ChatRepository {
    /// What `send` hands to `check`, per sender; a sender without one is `notRegistered`.
    var parties: [UserID: PartySnapshot] = [:]
    /// Each user's conversations, oldest first (the last one is the latest).
    var conversations: [UserID: [Conversation]] = [:]
    /// Messages per conversation id, oldest first.
    private(set) var messagesByConversation: [Int64: [ChatMessage]] = [:]
    /// The value `changeToken()` answers.
    var token: Int64 = 0
    /// Every method call, in order, to check that a use case did or did not touch storage.
    private(set) var calls: [String] = []
    /// The pages asked of `messages(in:_:)`, in order.
    private(set) var pages: [MessagePage] = []
    /// The `now` handed to each `send`.
    private(set) var sendTimes: [Date] = []
    private var nextID: Int64 = 1

    /// Starts a conversation between `a` and `b` (both active and current) and returns its id.
    @discardableResult
    func open(_ a: User, _ b: User, isOpen: Bool = true, at start: Date = Date(timeIntervalSince1970: 1_795_253_400)) -> Int64 {
        let id = nextID
        nextID += 1
        for (me, partner) in [(a, b), (b, a)] {
            conversations[me.uid, default: []].append(Conversation(
                id: id, me: me.uid, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: isOpen))
            let view = MatchView(
                partner: .init(uid: partner.uid, nick: partner.nick), myEnding: nil, partnerEnding: nil, iReviewed: false,
                isCurrent: true, startedAt: start)
            parties[me.uid] = PartySnapshot(user: me, isWaiting: false, current: view, latest: view)
        }
        return id
    }

    /// Closes conversation `id` for both members, as a dodge in another process would.
    func close(_ id: Int64) {
        for (uid, list) in conversations {
            conversations[uid] = list.map {
                $0.id == id ? Conversation(id: $0.id, me: $0.me, partner: $0.partner, partnerUID: $0.partnerUID, isOpen: false) : $0
            }
        }
        token += 1
    }

    func conversation(of me: UserID, with partner: UserID?) throws -> Conversation? {
        calls.append("conversation")
        let mine = conversations[me] ?? []
        guard let partner else { return mine.last }
        return mine.last { $0.partnerUID == partner }
    }

    func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage {
        calls.append("send")
        sendTimes.append(now)
        guard let party = parties[me] else { throw DomainError.notRegistered }
        try check(party)
        guard let conversation = conversations[me]?.last, conversation.isOpen, let to = conversation.partnerUID else {
            throw DomainError.notMatched
        }
        let previous = messagesByConversation[conversation.id]?.last.map { Self.milliseconds($0.createdAt) } ?? Int64.min
        let createdAt = max(Self.milliseconds(now), previous + 1)
        let seq = (messagesByConversation[conversation.id]?.count ?? 0) + 1
        let message = ChatMessage(
            id: "\(conversation.id)-\(seq)", from: me, to: to, text: text,
            createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1_000))
        messagesByConversation[conversation.id, default: []].append(message)
        token += 1
        return message
    }

    func refresh(_ conversation: Conversation) throws -> Conversation {
        calls.append("refresh")
        return conversations[conversation.me]?.first { $0.id == conversation.id }
            ?? Conversation(id: conversation.id, me: conversation.me, partner: nil, partnerUID: conversation.partnerUID, isOpen: false)
    }

    func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage] {
        calls.append("messages")
        pages.append(page)
        let all = messagesByConversation[conversation.id] ?? []
        switch page {
        case .all: return all
        case .newest(let limit): return Array(all.suffix(limit))
        case .after(let date, let limit):
            let later = all.filter { $0.createdAt > date }
            return limit.map { Array(later.prefix($0)) } ?? later
        }
    }

    func changeToken() throws -> Int64 {
        calls.append("changeToken")
        return token
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }
}
