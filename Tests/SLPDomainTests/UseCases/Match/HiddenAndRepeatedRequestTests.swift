import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// A user who is not searchable cannot be asked by uid, unless they asked first; asking again
/// while my request is open stores nothing and tells nobody.
final class HiddenAndRepeatedRequestTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)
    private var storage: InMemoryStorage!
    private let a = try! UserID("A"), b = try! UserID("B")
    private var request: RequestStudyUseCase { RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow)) }

    override func setUpWithError() throws {
        let users = [User.stub(uid: "A", phone: "010-1000-0001", nick: "에이"), User.stub(uid: "B", phone: "010-1000-0002", nick: "비")]
        storage = InMemoryStorage(InMemoryDatabase(users: users))
        try storage.write { transaction in
            for user in users { try transaction.putInQueue(.stub(user.uid.rawValue, at: here), of: user) }
        }
    }

    private func hide(_ uid: UserID) throws {
        _ = try UpdateMyPageUseCase(storage: storage)(me: uid, MyPageChanges(searchable: false))
    }

    func testAHiddenUserCannotBeAsked() throws {
        try hide(b)
        XCTAssertThrowsError(try request(me: a, other: b)) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
        XCTAssertEqual(storage.database.requests.count, 0)
        XCTAssertNil(storage.database.events[b])
    }

    func testAHiddenUserWhoAskedFirstIsMatched() throws {
        try hide(b)
        XCTAssertEqual(try request(me: b, other: a).decision, .openRequest, "hidden people may ask")
        let outcome = try request(me: a, other: b)
        XCTAssertTrue(outcome.isMatched)
    }

    func testAskingAgainChangesNothing() throws {
        let first = try request(me: a, other: b)
        XCTAssertEqual(first.decision, .openRequest)
        XCTAssertFalse(first.wasAlreadyRequested)
        let requests = storage.database.requests, events = storage.database.events, token = storage.database.changeToken
        let again = try request(me: a, other: b)
        XCTAssertEqual(again.decision, .requestAlreadyOpen)
        XCTAssertTrue(again.wasAlreadyRequested)
        XCTAssertFalse(again.isMatched)
        XCTAssertEqual(again.partner, .init(uid: b, nick: try Nick("비")))
        XCTAssertEqual(storage.database.requests, requests, "nothing stored anew")
        XCTAssertEqual(storage.database.events[b]?.count, 1, "told once")
        XCTAssertEqual(storage.database.events[b]?.count, events[b]?.count)
        XCTAssertGreaterThanOrEqual(storage.database.changeToken, token)
        XCTAssertEqual(EventRules.notices(.requestAlreadyOpen, try storage.read { try pairSnapshot($0) }), [])
    }

    /// The pair as the rules see it, with my request to B open.
    private func pairSnapshot(_ transaction: any ReadTransaction) throws -> PairSnapshot {
        let me = PartySnapshot(user: try XCTUnwrap(try transaction.user(a)), entry: .stub(a.rawValue, at: here), current: nil, latest: nil)
        let other = PartySnapshot(user: try XCTUnwrap(try transaction.user(b)), entry: .stub(b.rawValue, at: here), current: nil, latest: nil)
        return PairSnapshot(me: me, other: other, requestFromOther: false, iReported: false, otherReported: false, requestToOther: true)
    }

    func testTheRulesDecideFromTheSnapshot() throws {
        let pair = try storage.read { try pairSnapshot($0) }
        XCTAssertEqual(try MatchRules.request(pair), .requestAlreadyOpen)
        var hidden = pair.other.user
        hidden.searchable = false
        let hiddenPair = PairSnapshot(
            me: pair.me, other: PartySnapshot(user: hidden, entry: .stub(hidden.uid.rawValue, at: here), current: nil, latest: nil), requestFromOther: false,
            iReported: false, otherReported: false)
        XCTAssertThrowsError(try MatchRules.request(hiddenPair)) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
        let askedFirst = PairSnapshot(
            me: pair.me, other: hiddenPair.other, requestFromOther: true, iReported: false, otherReported: false)
        XCTAssertEqual(try MatchRules.request(askedFirst), .match)
    }
}
