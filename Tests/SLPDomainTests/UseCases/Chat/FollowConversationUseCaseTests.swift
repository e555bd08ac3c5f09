import Foundation
import SLPDomain
import XCTest

final class FollowConversationUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400)
    private var chats: FakeChatRepository!
    private var follow: FollowConversationUseCase!
    private var me: User!
    private var partner: User!

    override func setUpWithError() throws {
        chats = FakeChatRepository()
        me = try User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
        partner = try User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
        follow = FollowConversationUseCase(chats: chats)
    }

    func testOpenFindsTheConversationOrIsNotMatched() throws {
        XCTAssertThrowsDomainError(try follow.open(me: me.uid, with: nil), .notMatched)
        chats.open(me, partner)
        XCTAssertEqual(try follow.open(me: me.uid, with: nil), chats.conversations[me.uid]?.last)
        XCTAssertEqual(try follow.open(me: me.uid, with: partner.uid), chats.conversations[me.uid]?.last)
        XCTAssertThrowsDomainError(try follow.open(me: me.uid, with: try UserID("Someone")), .notMatched)
    }

    func testChangeTokenIsTheRepositorysToken() throws {
        chats.token = 41
        XCTAssertEqual(try follow.changeToken(), 41)
        chats.token = -7
        XCTAssertEqual(try follow.changeToken(), -7)
    }

    func testPollWithoutALastMessageReturnsAllAndAfterOneOnlyTheNewer() throws {
        chats.open(me, partner)
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
        let id = chats.open(me, partner)
        let conversation = try follow.open(me: me.uid, with: nil)
        XCTAssertTrue(conversation.isOpen)
        chats.close(id)
        let (current, _) = try follow.poll(conversation, after: nil)
        XCTAssertFalse(current.isOpen)
        XCTAssertEqual(current.id, conversation.id)
        XCTAssertEqual(chats.calls.filter { $0 == "refresh" }.count, 1)
    }
}
