import Foundation
import SLPDomain
import XCTest

final class SendMessageUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var chats: FakeChatRepository!
    private var send: SendMessageUseCase!
    private var me: User!
    private var partner: User!

    override func setUpWithError() throws {
        chats = FakeChatRepository()
        me = try User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = try User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        chats.open(me, partner)
        send = SendMessageUseCase(chats: chats, clock: FixedClock(now))
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
        XCTAssertEqual(chats.messagesByConversation.values.first?.count, 3)
    }

    func testZeroAndOneThousandAndOneCharactersAreInvalidAndStoreNothing() {
        XCTAssertThrowsInvalid(try send(me: me.uid, text: ""), code: "invalid_message")
        XCTAssertThrowsInvalid(try send(me: me.uid, text: String(repeating: "a", count: 1_001)), code: "invalid_message")
        XCTAssertEqual(chats.calls, [], "invalid values never reach storage")
        XCTAssertTrue(chats.messagesByConversation.isEmpty)
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
        _ = try SendMessageUseCase(chats: chats, clock: FixedClock(later))(me: me.uid, text: "later")
        XCTAssertEqual(chats.sendTimes, [now, later])
    }

    func testTheStorageCheckIsChatRulesSend() throws {
        // My partner dodged: the snapshot in storage says the match is over.
        let ended = MatchView(
            partner: .init(uid: partner.uid, nick: partner.nick), myEnding: nil, partnerEnding: .dodged, iReviewed: false,
            isCurrent: true, startedAt: now)
        chats.parties[me.uid] = PartySnapshot(user: me, isWaiting: false, current: ended, latest: ended)
        XCTAssertThrowsDomainError(try send(me: me.uid, text: "still there?"), .studyEnded)
        chats.parties[me.uid] = PartySnapshot(user: me, isWaiting: true, current: nil, latest: nil)
        XCTAssertThrowsDomainError(try send(me: me.uid, text: "hello?"), .notMatched)
        XCTAssertTrue(chats.messagesByConversation.isEmpty, "a refused message is not stored")
    }

    func testAnUnknownSenderIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try send(me: try UserID("Ghost"), text: "boo"), .notRegistered)
    }
}
