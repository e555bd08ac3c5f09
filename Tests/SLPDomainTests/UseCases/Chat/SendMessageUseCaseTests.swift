import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class SendMessageUseCaseTests: XCTestCase {
    /// A quarter of a second past a whole second: a whole number of milliseconds.
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var send: SendMessageUseCase!
    private var me: User!
    private var partner: User!
    private var conversationID: Int64 = 0

    override func setUpWithError() throws {
        me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        database = InMemoryDatabase(users: [me, partner])
        let setUp = InMemoryStorage(database)
        conversationID = try setUp.write { try $0.insertMatch(me.uid, partner.uid, at: now) }
        storage = InMemoryStorage(database)
        send = sender(at: now)
    }

    /// The use case on a clock stopped at `time`.
    private func sender(at time: Date) -> SendMessageUseCase {
        SendMessageUseCase(storage: storage, clock: StoppedClock(time))
    }

    private func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    private var stored: [ChatMessage] { database.messages[conversationID] ?? [] }

    func testOneAndOneThousandCharactersAreSent() throws {
        let one = try send(me: me.uid, text: "a")
        XCTAssertEqual(one.text, "a")
        XCTAssertEqual(one.from, me.uid)
        XCTAssertEqual(one.to, partner.uid)
        let long = String(repeating: "가", count: 1_000)
        XCTAssertEqual(try send(me: me.uid, text: long).text, long)
        let emoji = String(repeating: "👩‍💻", count: 1_000)
        XCTAssertEqual(try send(me: me.uid, text: emoji).text, emoji, "characters, not scalars or bytes, are counted")
        XCTAssertEqual(stored.count, 3)
        XCTAssertEqual(stored.first, one, "the message returned is the one stored")
    }

    func testZeroAndOneThousandAndOneCharactersAreInvalidAndStoreNothing() {
        XCTAssertThrowsInvalid(try send(me: me.uid, text: ""), code: "invalid_message")
        XCTAssertThrowsInvalid(try send(me: me.uid, text: String(repeating: "a", count: 1_001)), code: "invalid_message")
        XCTAssertEqual(storage.transactions, [], "invalid values never reach storage")
        XCTAssertTrue(database.messages.isEmpty)
    }

    func testNULIsRefusedAndNewlinesAndTabsAreKept() throws {
        XCTAssertThrowsInvalid(try send(me: me.uid, text: "a\u{0}b"), code: "invalid_message")
        XCTAssertThrowsInvalid(try send(me: me.uid, text: "\u{7}"), code: "invalid_message")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(try send(me: me.uid, text: "첫 줄\n둘째\t줄").text, "첫 줄\n둘째\t줄")
    }

    func testTheTextIsStoredInNFC() throws {
        let decomposed = "\u{1100}\u{1161}"  // 가 as two jamo
        XCTAssertEqual(try send(me: me.uid, text: decomposed).text, "가")
        XCTAssertEqual(stored.map(\.text), ["가"])
    }

    func testTheClockTimeIsStored() throws {
        let message = try send(me: me.uid, text: "hi")
        XCTAssertEqual(message.createdAt, now)
        let later = now.addingTimeInterval(90)
        _ = try sender(at: later)(me: me.uid, text: "later")
        XCTAssertEqual(stored.map(\.createdAt), [now, later])
    }

    func testSendingIsOneWrite() throws {
        _ = try send(me: me.uid, text: "hi")
        XCTAssertEqual(storage.transactions, ["write"])
    }

    // MARK: - Numbers and times (ChatRules.message)

    func testMessagesAreNumberedInTheirConversation() throws {
        let sent = try (0..<3).map { try send(me: $0 == 1 ? partner.uid : me.uid, text: "m\($0)") }
        XCTAssertEqual(sent.map(\.id), (1...3).map { MessageID(conversation: conversationID, sequence: $0) })
        XCTAssertEqual(stored.map(\.id), sent.map(\.id))
        XCTAssertEqual(sent.map(\.id.description), ["000000000001000000000001", "000000000001000000000002", "000000000001000000000003"])
        XCTAssertEqual(sent.map(\.to), [partner.uid, me.uid, partner.uid])
    }

    func testANewConversationCountsFromOne() throws {
        _ = try send(me: me.uid, text: "first match")
        let third = User.stub(uid: "Third", phone: "010-1000-0003", nick: "셋")
        let next = try storage.write { transaction -> Int64 in
            _ = try transaction.insert(third)
            try transaction.end(conversationID, for: me.uid, .dodged, at: now)
            try transaction.leaveCurrentMatch(of: me.uid)
            return try transaction.insertMatch(me.uid, third.uid, at: now)
        }
        let message = try send(me: me.uid, text: "second match")
        XCTAssertEqual(message.id, MessageID(conversation: next, sequence: 1))
        XCTAssertEqual(message.to, third.uid)
        XCTAssertNotEqual(next, conversationID)
    }

    func testMessagesInTheSameMillisecondTakeTheNextOnes() throws {
        let sent = try (0..<3).map { try send(me: me.uid, text: "m\($0)") }
        XCTAssertEqual(sent.map { milliseconds($0.createdAt) }, [0, 1, 2].map { milliseconds(now) + $0 })
        // Still the same millisecond, a little later within it.
        let within = try sender(at: now.addingTimeInterval(0.0004))(me: partner.uid, text: "within")
        XCTAssertEqual(milliseconds(within.createdAt), milliseconds(now) + 3)
        XCTAssertEqual(stored.map(\.createdAt), sent.map(\.createdAt) + [within.createdAt])
    }

    func testTimesAreWholeMilliseconds() throws {
        let odd = Date(timeIntervalSince1970: 1_795_253_401.123_456)
        let message = try sender(at: odd)(me: me.uid, text: "x")
        XCTAssertEqual(message.createdAt, Date(timeIntervalSince1970: 1_795_253_401.123))
        XCTAssertEqual(milliseconds(stored[0].createdAt), 1_795_253_401_123)
    }

    func testAClockGoingBackwardsStillGivesIncreasingTimes() throws {
        let first = try send(me: me.uid, text: "now")
        let earlier = try sender(at: now.addingTimeInterval(-10))(me: partner.uid, text: "ten seconds ago?")
        let muchEarlier = try sender(at: now.addingTimeInterval(-3_600))(me: me.uid, text: "an hour ago?")
        XCTAssertEqual(milliseconds(earlier.createdAt), milliseconds(first.createdAt) + 1)
        XCTAssertEqual(milliseconds(muchEarlier.createdAt), milliseconds(first.createdAt) + 2)
        let later = try sender(at: now.addingTimeInterval(5))(me: me.uid, text: "later")
        XCTAssertEqual(later.createdAt, now.addingTimeInterval(5), "a clock ahead again is taken as it is")
        let times = stored.map(\.createdAt)
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(Set(times).count, times.count, "strictly increasing")
        XCTAssertEqual(stored.map(\.id.sequence), [1, 2, 3, 4])
    }

    // MARK: - Who may post

    func testTheStorageCheckIsChatRulesSend() throws {
        // My partner dodged: the match is still my current one, but it is over.
        try storage.write { try $0.end(conversationID, for: partner.uid, .dodged, at: now) }
        XCTAssertThrowsDomainError(try send(me: me.uid, text: "still there?"), .studyEnded)
        XCTAssertThrowsDomainError(try send(me: partner.uid, text: "bye"), .studyEnded)
        // Someone waiting in the queue who never had a match.
        let loner = User.stub(uid: "Loner", phone: "010-1000-0003", nick: "혼자")
        try storage.write { transaction in
            _ = try transaction.insert(loner)
            try transaction.putInQueue(.stub("Loner", at: .at(37.5, 127)), of: loner)
        }
        XCTAssertThrowsDomainError(try send(me: loner.uid, text: "hello?"), .notMatched)
        XCTAssertTrue(database.messages.isEmpty, "a refused message is not stored")
        XCTAssertEqual(database.events, [:], "nor told")
    }

    func testAWithdrawnPartnerEndsTheStudy() throws {
        _ = try send(me: me.uid, text: "hi")
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: partner.uid)
        XCTAssertThrowsDomainError(try send(me: me.uid, text: "hello?"), .studyEnded)
        XCTAssertEqual(stored.count, 1)
    }

    func testAnUnknownSenderIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try send(me: try UserID("Ghost"), text: "boo"), .notRegistered)
    }

    // MARK: - Who is told

    func testTheRecipientIsToldAtTheMessagesTime() throws {
        _ = try send(me: me.uid, text: "first")
        let message = try send(me: me.uid, text: "hi")
        let told = try XCTUnwrap(database.events[partner.uid]?.last)
        XCTAssertEqual(told.kind, .message(message, from: .init(uid: me.uid, nick: me.nick)))
        XCTAssertEqual(told.createdAt, message.createdAt, "the event has the message's time, not the clock's")
        XCTAssertNil(database.events[me.uid], "my own message tells me nothing")
    }
}
