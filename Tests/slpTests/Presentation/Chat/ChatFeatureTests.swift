import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class ChatFeatureTests: ChatTestCase {
    private var store: TestStore<ChatFeature>!

    override func setUp() async throws {
        try await super.setUp()
        store = TestStore(
            ChatFeature(
                identify: IdentifyUserUseCase(storage: storage), send: SendMessageUseCase(storage: storage, clock: clock),
                read: ReadMessagesUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    func testSendingAppendsEachStoredMessageInOrder() async {
        await store.send(.send(actingUser: "A", text: "안녕하세요"))
        let first = message(1, from: a, to: b, "안녕하세요")
        store.receive(.appendSent(first)) { $0.sent = [first] }

        // Same clock, same millisecond: the next message gets the next one.
        await store.send(.send(actingUser: "010-1111-1111", text: "내일\n2시 어때요?"))
        let second = message(2, from: a, to: b, "내일\n2시 어때요?", offset: 1)
        store.receive(.appendSent(second)) { $0.sent = [first, second] }
        XCTAssertEqual(database.messages[roomID], [first, second])
        XCTAssertEqual(first.id.description, "000000000001000000000001")
    }

    func testListingReadsTheConversationWithMyNick() async throws {
        let sent = [try post(a, "m1"), try post(b, "m2"), try post(a, "m3")]
        await store.send(.list(actingUser: "B", with: nil, page: .all))
        store.receive(.setConversation(conversation(for: b, with: a), myNick: b.nick, messages: sent)) {
            $0.conversation = self.conversation(for: self.b, with: self.a)
            $0.myNick = self.b.nick
            $0.messages = sent
        }

        await store.send(.list(actingUser: "A", with: b.uid, page: .after(sent[0].createdAt, limit: 1)))
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick, messages: [sent[1]])) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
            $0.myNick = self.a.nick
            $0.messages = [sent[1]]
        }
    }

    func testFailuresAreStatedAndAListClearsThem() async throws {
        await store.send(.send(actingUser: "C", text: "hi"))
        // No user was named: the refusal says there is no match to write to.
        let notMatched = Failure(code: "not_matched", status: nil, message: "you have no match to send a message to", exitCode: .refused)
        store.receive(.setFailure(notMatched)) { $0.failure = notMatched }
        XCTAssertEqual(Failure(DomainError.notMatched).exitCode, .refused)

        let before = storage.transactions
        await store.send(.send(actingUser: "A", text: ""))
        let empty = Failure(code: "invalid_message", status: nil, message: "a message has 1 to 1000 characters (got 0)", exitCode: .usage)
        store.receive(.setFailure(empty)) { $0.failure = empty }
        XCTAssertEqual(storage.transactions, before + ["read"], "only finding me: an invalid message never reaches storage")

        await store.send(.send(actingUser: "Nobody", text: "hi"))
        let stranger = Failure(DomainError.notRegistered)
        store.receive(.setFailure(stranger)) { $0.failure = stranger }

        await store.send(.list(actingUser: "A", with: nil, page: .newest(limit: 0)))
        store.receive(.setFailure(Failure(code: "invalid_limit", status: nil, message: "the limit is at least 1", exitCode: .usage))) {
            $0.failure = Failure(code: "invalid_limit", status: nil, message: "the limit is at least 1", exitCode: .usage)
        }

        await store.send(.list(actingUser: "A", with: nil, page: .newest(limit: 5)))
        store.receive(.setConversation(conversation(for: a, with: b), myNick: a.nick, messages: [])) {
            $0.conversation = self.conversation(for: self.a, with: self.b)
            $0.myNick = self.a.nick
            $0.failure = nil
        }

        try dodge(b)
        await store.send(.send(actingUser: "A", text: "아직 있어요?"))
        let ended = Failure(DomainError.studyEnded)
        store.receive(.setFailure(ended)) { $0.failure = ended }
        XCTAssertEqual(ended.status, 201)
        XCTAssertNil(database.messages[roomID], "the refused message is not stored")
    }
}
