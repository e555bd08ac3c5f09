import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ReadMessagesUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400)
    private var database: InMemoryDatabase!
    private var chats: InMemoryChatRepository!
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
        chats = InMemoryChatRepository(database)
        firstID = database.startMatch(me.uid, partner.uid, at: now)
        read = ReadMessagesUseCase(chats: chats)
    }

    private func post(_ count: Int) throws -> [ChatMessage] {
        try (0..<count).map { try chats.send(from: $0.isMultiple(of: 2) ? me.uid : partner.uid, text: "m\($0)", at: now) { _ in } }
    }

    func testNoConversationIsNotMatched() throws {
        XCTAssertThrowsDomainError(try read(me: stranger.uid, with: nil, page: .all), .notMatched)
        XCTAssertThrowsDomainError(try read(me: stranger.uid, with: me.uid, page: .all), .notMatched)
        XCTAssertThrowsDomainError(try read(me: me.uid, with: stranger.uid, page: .all), .notMatched)
        XCTAssertFalse(chats.calls.contains("messages"), "no messages are read without a conversation")
    }

    func testALimitBelowOneIsInvalidBeforeStorageIsAsked() {
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .newest(limit: 0)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .after(now, limit: 0)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: me.uid, with: nil, page: .newest(limit: -3)), code: "invalid_limit")
        XCTAssertThrowsInvalid(try read(me: stranger.uid, with: nil, page: .after(now, limit: -1)), code: "invalid_limit")
        XCTAssertEqual(chats.calls, [])
    }

    func testPagesArePassedThroughWithTheConversation() throws {
        let sent = try post(5)
        let (conversation, all) = try read(me: me.uid, with: nil, page: .all)
        XCTAssertEqual(conversation, Conversation(
            id: firstID, me: me.uid, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: true))
        XCTAssertEqual(all, sent)
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .newest(limit: 2)).1, Array(sent.suffix(2)))
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .newest(limit: 1)).1, [sent[4]])
        XCTAssertEqual(try read(me: partner.uid, with: me.uid, page: .after(sent[1].createdAt, limit: 2)).1, [sent[2], sent[3]])
        XCTAssertEqual(try read(me: partner.uid, with: nil, page: .after(sent[1].createdAt, limit: nil)).1, Array(sent[2...]))
        XCTAssertEqual(chats.pages, [
            .all, .newest(limit: 2), .newest(limit: 1), .after(sent[1].createdAt, limit: 2), .after(sent[1].createdAt, limit: nil),
        ])
    }

    func testTheLatestOrAGivenPastPartnersConversationIsRead() throws {
        _ = try post(2)
        database.end(firstID, by: partner.uid, .dodged, at: now)
        database.startMatch(me.uid, stranger.uid, at: now)
        XCTAssertEqual(try read(me: me.uid, with: nil, page: .all).0.partnerUID, stranger.uid)
        let (past, messages) = try read(me: me.uid, with: partner.uid, page: .all)
        XCTAssertEqual(past.id, firstID)
        XCTAssertFalse(past.isOpen)
        XCTAssertEqual(messages.map(\.text), ["m0", "m1"])
    }
}
