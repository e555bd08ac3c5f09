import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// `POST /v1/chat/{uid}`: the API names the recipient, who must be my partner.
final class SendMessageToNamedPartnerTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var send: SendMessageUseCase!
    private let me = User.stub(uid: "Me", phone: "010-1000-0001", nick: "나")
    private let partner = User.stub(uid: "Partner", phone: "010-1000-0002", nick: "상대")
    private let stranger = User.stub(uid: "Stranger", phone: "010-1000-0003", nick: "남")
    private var conversationID: Int64 = 0

    override func setUpWithError() throws {
        database = InMemoryDatabase(users: [me, partner, stranger])
        conversationID = try InMemoryStorage(database).write { try $0.insertMatch(me.uid, partner.uid, at: now) }
        storage = InMemoryStorage(database)
        send = SendMessageUseCase(storage: storage, clock: StoppedClock(now))
    }

    private var stored: [ChatMessage] { database.messages[conversationID] ?? [] }

    func testMyPartnerNamedGetsTheMessage() throws {
        let message = try send(me: me.uid, to: partner.uid, text: "hi")
        XCTAssertEqual(message.to, partner.uid)
        XCTAssertEqual(stored, [message])
        XCTAssertEqual(try send(me: partner.uid, to: me.uid, text: "hello").to, me.uid, "either side may name the other")
    }

    func testSomeoneElseNamedIsNotMatchedAndNothingIsStoredOrTold() throws {
        let ghost = try UserID("Ghost")
        for other in [stranger.uid, ghost, me.uid] {
            XCTAssertThrowsDomainError(try send(me: me.uid, to: other, text: "wrong door"), .notMatched)
        }
        // Nor may a stranger write to my partner.
        XCTAssertThrowsDomainError(try send(me: stranger.uid, to: partner.uid, text: "hi"), .notMatched)
        XCTAssertTrue(stored.isEmpty)
        XCTAssertEqual(database.events, [:])
    }

    func testNamingTheWrongUserIsNotMatchedEvenOnceTheStudyEnded() throws {
        try storage.write { try $0.end(conversationID, for: partner.uid, .dodged, at: now) }
        XCTAssertThrowsDomainError(try send(me: me.uid, to: stranger.uid, text: "hi"), .notMatched)
        XCTAssertThrowsDomainError(try send(me: me.uid, to: partner.uid, text: "still there?"), .studyEnded)
        XCTAssertTrue(stored.isEmpty)
    }

    func testTheRecipientIsCheckedInsideTheOneWrite() throws {
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsDomainError(try send(me: me.uid, to: stranger.uid, text: "hi"), .notMatched)
        }), ["write"])
    }
}
