import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ReadMessagesUseCaseTests: XCTestCase {
    private let now = testNow
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var read: ReadMessagesUseCase!
    private var me: User!
    private var partner: User!
    private var stranger: User!
    /// The conversation of me and partner.
    private var firstID: Int64 = 0

    override func setUpWithError() throws {
        me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        stranger = User.stub(uid: "Stranger", phone: "010-1000-0003", nick: "남")
        database = InMemoryDatabase(users: [me, partner, stranger])
        firstID = try InMemoryStorage(database).write { try $0.insertMatch(me.uid, partner.uid, at: now) }
        storage = InMemoryStorage(database)
        read = ReadMessagesUseCase(storage: storage)
    }

    /// `count` messages, mine and my partner's in turn, through the use case.
    private func post(_ count: Int) throws -> [ChatMessage] {
        let send = SendMessageUseCase(storage: storage, clock: StoppedClock(now))
        return try (0..<count).map { try send(me: $0.isMultiple(of: 2) ? me.uid : partner.uid, text: "m\($0)") }
    }

    func testNoConversationIsNotMatched() throws {
        _ = try post(2)
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsDomainError(try read(me: stranger.uid, with: nil, page: .all), .notMatched)
            XCTAssertThrowsDomainError(try read(me: stranger.uid, with: me.uid, page: .all), .notMatched)
            XCTAssertThrowsDomainError(try read(me: me.uid, with: stranger.uid, page: .all), .notMatched)
        }), ["read", "read", "read"], "only read, one transaction each")
    }

    func testSomeoneNotRegisteredIsToldSoInTheSameRead() throws {
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsDomainError(try read(me: try UserID("Ghost"), with: me.uid, page: .all), .notRegistered)
        }), ["read"])
    }

    func testALimitBelowOneIsInvalidBeforeStorageIsAsked() {
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .newest(limit: 0)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .after(now, limit: 0)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .newest(limit: -3)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: stranger.uid, with: nil, page: .after(now, limit: -1)), code: "invalid_limit")
        XCTAssertEqual(storage.transactions, [])
    }

    func testEachPageIsReadWithTheConversation() throws {
        let sent = try post(5)
        let (conversation, all) = try read(me: me.uid, with: nil, page: .all)
        XCTAssertEqual(conversation, Conversation(
            id: firstID, me: me.uid, myNick: me.nick, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: true))
        XCTAssertEqual(all, sent)
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .newest(limit: 2)).1, Array(sent.suffix(2)))
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .newest(limit: 1)).1, [sent[4]])
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .newest(limit: 9)).1, sent)
        XCTAssertEqual(try read(me: partner.uid, with: me.uid, page: .after(sent[1].createdAt, limit: 2)).1, [sent[2], sent[3]])
        XCTAssertEqual(try read(me: partner.uid, with: nil, page: .after(sent[1].createdAt, limit: nil)).1, Array(sent[2...]))
        XCTAssertEqual(try read(me: partner.uid, with: nil, page: .after(sent[4].createdAt, limit: nil)).1, [])
        XCTAssertEqual(try read(me: partner.uid, with: nil, page: .all).0.partnerUID, me.uid, "each member sees the other")
        XCTAssertEqual(try storage.transactions(during: { _ = try read(me: me.uid, with: nil, page: .all) }), ["read"])
    }

    func testTheLatestOrAGivenPastPartnersConversationIsRead() throws {
        _ = try post(2)
        try storage.write { transaction in
            try transaction.end(firstID, for: partner.uid, .dodged, at: now)
            try transaction.leaveCurrentMatch(of: me.uid)
            _ = try transaction.insertMatch(me.uid, stranger.uid, at: now)
        }
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .all).0.partnerUID, stranger.uid)
        let (past, messages) = try read(me: me.uid, with: partner.uid, page: .all)
        XCTAssertEqual(past.id, firstID)
        XCTAssertFalse(past.isOpen)
        XCTAssertEqual(messages.map(\.text), ["m0", "m1"])
    }

    func testAWithdrawnPartnersMessagesStayReadable() throws {
        let sent = try post(3)
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: partner.uid)
        let (conversation, messages) = try read(me: me.uid, with: nil, page: .all)
        XCTAssertFalse(conversation.isOpen)
        XCTAssertNil(conversation.partner)
        XCTAssertEqual(conversation.partnerUID, partner.uid)
        XCTAssertEqual(messages, sent)
    }
}
