import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SendMessageUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var database: InMemoryDatabase!
    private var chats: InMemoryChatRepository!
    private var send: SendMessageUseCase!
    private var me: User!
    private var partner: User!
    private var conversationID: Int64 = 0

    override func setUpWithError() throws {
        me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        database = InMemoryDatabase(users: [me, partner])
        chats = InMemoryChatRepository(database)
        conversationID = database.startMatch(me.uid, partner.uid, at: now)
        send = SendMessageUseCase(chats: chats, clock: StoppedClock(now))
    }

    func testOneAndOneThousandCharactersAreSent() throws {
        let one = try send(me: me.uid, text: "a")
        XCTAssertEqual(one.text, "a")
        XCTAssertEqual(one.from, me.uid)
        XCTAssertEqual(one.to, partner.uid)
        let long = String(repeating: "가", count: 1_000)
        XCTAssertEqual(try send(me: me.uid, text: long).text, long)
        let emoji = String(repeating: "👩‍💻", count: 1_000)
        XCTAssertEqual(try send(me: me.uid, text: emoji).text, emoji, "characters, not scalars or bytes, are counted")
        XCTAssertEqual(database.messages[conversationID]?.count, 3)
    }

    func testZeroAndOneThousandAndOneCharactersAreInvalidAndStoreNothing() {
        XCTAssertThrowsInvalid(try send(me: me.uid, text: ""), code: "invalid_message")
        XCTAssertThrowsInvalid(try send(me: me.uid, text: String(repeating: "a", count: 1_001)), code: "invalid_message")
        XCTAssertEqual(chats.calls, [], "invalid values never reach storage")
        XCTAssertTrue(database.messages.isEmpty)
    }

    func testNULIsRefusedAndNewlinesAndTabsAreKept() throws {
        XCTAssertThrowsInvalid(try send(me: me.uid, text: "a\u{0}b"), code: "invalid_message")
        XCTAssertThrowsInvalid(try send(me: me.uid, text: "\u{7}"), code: "invalid_message")
        XCTAssertEqual(chats.calls, [])
        XCTAssertEqual(try send(me: me.uid, text: "첫 줄\n둘째\t줄").text, "첫 줄\n둘째\t줄")
    }

    func testTheTextIsStoredInNFC() throws {
        let decomposed = "\u{1100}\u{1161}"  // 가 as two jamo
        XCTAssertEqual(try send(me: me.uid, text: decomposed).text, "가")
    }

    func testTheClockTimeIsPassedToStorage() throws {
        let message = try send(me: me.uid, text: "hi")
        XCTAssertEqual(chats.sendTimes, [now])
        XCTAssertEqual(message.createdAt, now)
        let later = now.addingTimeInterval(90)
        _ = try SendMessageUseCase(chats: chats, clock: StoppedClock(later))(me: me.uid, text: "later")
        XCTAssertEqual(chats.sendTimes, [now, later])
    }

    func testTheStorageCheckIsChatRulesSend() throws {
        // My partner dodged: the match is still my current one, but storage says it is over.
        database.end(conversationID, by: partner.uid, .dodged, at: now)
        XCTAssertThrowsDomainError(try send(me: me.uid, text: "still there?"), .studyEnded)
        // Someone waiting in the queue who never had a match.
        let loner = User.stub(uid: "Loner", phone: "010-1000-0003", nick: "혼자")
        database.users[loner.uid] = loner
        database.place(.stub("Loner", at: .at(37.5, 127)))
        XCTAssertThrowsDomainError(try send(me: loner.uid, text: "hello?"), .notMatched)
        XCTAssertTrue(database.messages.isEmpty, "a refused message is not stored")
    }

    func testAnUnknownSenderIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try send(me: try UserID("Ghost"), text: "boo"), .notRegistered)
    }
}
