import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class FollowConversationUseCaseTests: XCTestCase {
    private let now = testNow
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var follow: FollowConversationUseCase!
    private var me: User!
    private var partner: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        database = InMemoryDatabase(users: [me, partner])
        storage = InMemoryStorage(database)
        follow = FollowConversationUseCase(storage: storage)
    }

    /// Matches me and my partner with a plain storage write; the match's id.
    @discardableResult
    private func startMatch() throws -> Int64 {
        try storage.write { try $0.insertMatch(me.uid, partner.uid, at: now) }
    }

    /// `count` messages from my partner, through the use case.
    private func partnerSends(_ count: Int) throws -> [ChatMessage] {
        let send = SendMessageUseCase(storage: storage, clock: StoppedClock(now))
        return try (0..<count).map { try send(me: partner.uid, text: "m\($0)") }
    }

    /// The conversation as the screens open it.
    private func open() throws -> Conversation {
        try follow.open(me: me.uid, with: nil, page: .all).conversation
    }

    func testOpenReadsTheTokenThenTheConversationAndAPageOfItsHistory() throws {
        XCTAssertThrowsDomainError(try follow.open(me: me.uid, with: nil, page: .all), .notMatched)
        XCTAssertThrowsDomainError(try follow.open(me: try UserID("Ghost"), with: nil, page: .all), .notRegistered)
        let id = try startMatch()
        let sent = try partnerSends(2)
        let conversation = Conversation(
            id: id, me: me.uid, myNick: me.nick, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: true)
        XCTAssertEqual(
            try follow.open(me: me.uid, with: partner.uid, page: .newest(limit: 1)),
            ConversationNews(token: try follow.changeToken(), conversation: conversation, messages: [sent[1]]))
    }

    func testNewsIsNothingWithoutACommitElseTheMessagesAfterTheLastSeen() async throws {
        try startMatch()
        let conversation = try open()
        let token = try follow.changeToken()
        let quiet = try await follow.news(of: conversation, after: nil, since: token, upTo: .zero)
        XCTAssertNil(quiet)
        let sent = try partnerSends(2)
        let news = try await follow.news(of: conversation, after: sent[0].createdAt, since: token, upTo: .zero)
        XCTAssertEqual(news, ConversationNews(token: try follow.changeToken(), conversation: conversation, messages: [sent[1]]))
    }

    func testChangeTokenIsTheStoragesToken() throws {
        database.changeToken = 41
        XCTAssertEqual(try follow.changeToken(), 41)
        database.changeToken = -7
        XCTAssertEqual(try follow.changeToken(), -7)
        storage.commitElsewhere()
        XCTAssertEqual(try follow.changeToken(), -6)
        try startMatch()
        XCTAssertEqual(try follow.changeToken(), -5, "a commit here moves it too")
    }

    func testWaitForChangeReturnsTheStoragesToken() async throws {
        let token = try follow.changeToken()
        storage.commitElsewhere()
        let changed = try await follow.waitForChange(after: token, upTo: .zero)
        XCTAssertEqual(changed, token + 1)
    }

    func testPollWithoutALastMessageReturnsAllAndAfterOneOnlyTheNewer() throws {
        try startMatch()
        let conversation = try open()
        let sent = try partnerSends(3)
        let (current, all) = try follow.poll(conversation, after: nil)
        XCTAssertEqual(current, conversation)
        XCTAssertEqual(all, sent)
        let (_, newer) = try follow.poll(conversation, after: sent[0].createdAt)
        XCTAssertEqual(newer, Array(sent[1...]))
        XCTAssertEqual(try follow.poll(conversation, after: sent[2].createdAt).1, [])
    }

    func testPollingHasNoLimit() throws {
        try startMatch()
        let conversation = try open()
        let sent = try partnerSends(301)
        XCTAssertEqual(try follow.poll(conversation, after: nil).1.count, 301)
        XCTAssertEqual(try follow.poll(conversation, after: sent[0].createdAt).1, Array(sent[1...]), "no limit while following")
    }

    func testPollReadsTheConversationAndItsMessagesTogether() throws {
        try startMatch()
        let conversation = try open()
        _ = try partnerSends(2)
        XCTAssertEqual(try storage.transactions(during: { _ = try follow.poll(conversation, after: nil) }), ["read"])
    }

    func testPollReturnsTheConversationAsItIsNow() throws {
        let id = try startMatch()
        let conversation = try open()
        XCTAssertTrue(conversation.isOpen)
        try storage.write { try $0.end(id, for: partner.uid, .dodged, at: now) }
        let (current, _) = try follow.poll(conversation, after: nil)
        XCTAssertFalse(current.isOpen)
        XCTAssertEqual(current.id, conversation.id)
        XCTAssertEqual(current.partner, conversation.partner)
    }

    func testPollAfterIWithdrewIsClosedAndKeepsWhoMyPartnerWas() throws {
        try startMatch()
        let conversation = try open()
        let sent = try partnerSends(1)
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid)
        let (current, messages) = try follow.poll(conversation, after: nil)
        XCTAssertEqual(current, conversation.closed)
        XCTAssertFalse(current.isOpen)
        XCTAssertNil(current.partner)
        XCTAssertEqual(current.partnerUID, partner.uid)
        XCTAssertEqual(messages, sent, "the messages stay")
    }
}
