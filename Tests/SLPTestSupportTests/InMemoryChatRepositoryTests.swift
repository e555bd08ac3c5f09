import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The chat fake must keep the repository contract, or use-case tests prove nothing.
final class InMemoryChatRepositoryTests: XCTestCase {
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
    private var database: InMemoryDatabase!
    private var chats: InMemoryChatRepository!
    private var id: Int64 = 0

    override func setUp() {
        database = InMemoryDatabase(users: [a, b])
        chats = InMemoryChatRepository(database)
        id = database.startMatch(a.uid, b.uid, at: testNow)
    }

    func testSendRunsTheCheckOnTheSendersSituationAndARefusalStoresNothing() throws {
        var seen: PartySnapshot?
        struct Refused: Error {}
        let token = database.changeToken
        XCTAssertThrowsError(try chats.send(from: a.uid, text: "hi", at: testNow) { seen = $0; throw Refused() })
        XCTAssertEqual(seen?.user, a)
        XCTAssertEqual(seen?.current?.partner, .init(uid: b.uid, nick: b.nick))
        XCTAssertNil(database.messages[id])
        XCTAssertEqual(database.changeToken, token)
        XCTAssertThrowsDomainError(try chats.send(from: try UserID("Ghost"), text: "boo", at: testNow) { _ in }, .notRegistered)
    }

    func testTimesStrictlyIncreaseAndIDsFollowTheConversation() throws {
        let first = try chats.send(from: a.uid, text: "1", at: testNow) { _ in }
        let second = try chats.send(from: b.uid, text: "2", at: testNow) { _ in }
        let third = try chats.send(from: a.uid, text: "3", at: testNow.addingTimeInterval(-60)) { _ in }
        let milliseconds = [first, second, third].map { Int64(($0.createdAt.timeIntervalSince1970 * 1_000).rounded()) }
        XCTAssertEqual(milliseconds, [0, 1, 2].map { 1_795_253_400_000 + $0 }, "the same or an earlier time gets the next millisecond")
        XCTAssertEqual(second.id, "000000000001000000000002")
        XCTAssertEqual(second.id, InMemoryChatRepository.messageID(conversation: id, seq: 2))
        XCTAssertEqual([second.from, second.to], [b.uid, a.uid])
        XCTAssertEqual(database.messages[id], [first, second, third])
    }

    func testAnEndedOrWithdrawnPartnerClosesTheConversation() throws {
        let open = try XCTUnwrap(try chats.conversation(of: a.uid, with: b.uid))
        XCTAssertTrue(open.isOpen)
        database.end(id, by: b.uid, .reviewed, at: testNow)
        XCTAssertFalse(try chats.refresh(open).isOpen)
        XCTAssertTrue(try InMemoryUserRepository(database).remove(uid: b.uid))
        XCTAssertEqual(try chats.refresh(open), Conversation(id: id, me: a.uid, partner: nil, partnerUID: b.uid, isOpen: false))
        XCTAssertNil(try chats.conversation(of: b.uid, with: nil), "a withdrawn user has no conversation")
    }
}
