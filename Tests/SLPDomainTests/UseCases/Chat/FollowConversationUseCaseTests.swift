import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class FollowConversationUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400)
    private var database: InMemoryDatabase!
    private var chats: InMemoryChatRepository!
    private var follow: FollowConversationUseCase!
    private var me: User!
    private var partner: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        database = InMemoryDatabase(users: [me, partner])
        chats = InMemoryChatRepository(database)
        follow = FollowConversationUseCase(chats: chats)
    }

    func testOpenFindsTheConversationOrIsNotMatched() throws {
        XCTAssertThrowsDomainError(try follow.open(me: me.uid, with: nil), .notMatched)
        let id = database.startMatch(me.uid, partner.uid, at: now)
        let conversation = Conversation(
            id: id, me: me.uid, partner: .init(uid: partner.uid, nick: partner.nick), partnerUID: partner.uid, isOpen: true)
        XCTAssertEqual(try follow.open(me: me.uid, with: nil), conversation)
        XCTAssertEqual(try follow.open(me: me.uid, with: partner.uid), conversation)
        XCTAssertThrowsDomainError(try follow.open(me: me.uid, with: try UserID("Someone")), .notMatched)
    }

    func testChangeTokenIsTheRepositorysToken() throws {
        database.changeToken = 41
        XCTAssertEqual(try follow.changeToken(), 41)
        database.changeToken = -7
        XCTAssertEqual(try follow.changeToken(), -7)
    }

    func testPollWithoutALastMessageReturnsAllAndAfterOneOnlyTheNewer() throws {
        database.startMatch(me.uid, partner.uid, at: now)
        let conversation = try follow.open(me: me.uid, with: nil)
        let sent = try (0..<3).map { try chats.send(from: partner.uid, text: "m\($0)", at: now) { _ in } }
        let (current, all) = try follow.poll(conversation, after: nil)
        XCTAssertEqual(current, conversation)
        XCTAssertEqual(all, sent)
        XCTAssertEqual(chats.pages.last, .all)
        let (_, newer) = try follow.poll(conversation, after: sent[0].createdAt)
        XCTAssertEqual(newer, Array(sent[1...]))
        XCTAssertEqual(chats.pages.last, .after(sent[0].createdAt, limit: nil), "no limit while following")
        XCTAssertEqual(try follow.poll(conversation, after: sent[2].createdAt).1, [])
    }

    func testPollReturnsTheConversationAsItIsNow() throws {
        let id = database.startMatch(me.uid, partner.uid, at: now)
        let conversation = try follow.open(me: me.uid, with: nil)
        XCTAssertTrue(conversation.isOpen)
        database.end(id, by: partner.uid, .dodged, at: now)
        let (current, _) = try follow.poll(conversation, after: nil)
        XCTAssertFalse(current.isOpen)
        XCTAssertEqual(current.id, conversation.id)
        XCTAssertEqual(chats.calls.filter { $0 == "refresh" }.count, 1)
    }
}
