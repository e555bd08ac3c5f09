import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// Shared people and a conversation between A and B, in memory.
@MainActor
class ChatTestCase: XCTestCase {
    var storage: InMemoryStorage!
    var database: InMemoryDatabase { storage.database }
    let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    let c = User.stub(uid: "C", phone: "010-3333-3333", nick: "씨")
    let clock = StoppedClock(testNow)
    var roomID: Int64 = 0

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [a, b, c]))
        roomID = try storage.write { [a, b] in try $0.insertMatch(a.uid, b.uid, at: testNow) }
    }

    /// The message stored as number `seq` of the room, `offset` milliseconds after `testNow`.
    func message(_ seq: Int64, from: User, to: User, _ text: String, offset: Int = 0) -> ChatMessage {
        ChatMessage(
            id: MessageID(conversation: roomID, sequence: seq), from: from.uid, to: to.uid, text: text,
            createdAt: Date(timeIntervalSince1970: Double(Int64(testNow.timeIntervalSince1970 * 1_000) + Int64(offset)) / 1_000))
    }

    func conversation(for me: User, with partner: User, isOpen: Bool = true, ending: ConversationEnding? = nil) -> Conversation {
        Conversation(
            id: roomID, me: me.uid, myNick: me.nick, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: isOpen,
            ending: ending)
    }

    /// What a look finds: `messages` in A's conversation with B (or `conversation`), at the
    /// storage's token now (or `token`).
    func news(_ messages: [ChatMessage], in conversation: Conversation? = nil, token: Int64? = nil) -> ConversationNews {
        ConversationNews(token: token ?? database.changeToken, conversation: conversation ?? self.conversation(for: a, with: b), messages: messages)
    }

    /// Sends as another process would: through the use case, over the same storage.
    @discardableResult
    func post(_ from: User, _ text: String, at time: Date = testNow) throws -> ChatMessage {
        try SendMessageUseCase(storage: storage, clock: StoppedClock(time))(me: from.uid, text: text)
    }

    /// `user` ends the match as another process would: a dodge.
    func dodge(_ user: User) throws {
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: user.uid)
    }
}
