import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The match fake must keep the repository contract, and agree with the other fakes over its
/// database, or use-case tests prove nothing.
final class InMemoryMatchRepositoryTests: XCTestCase {
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
    private var database: InMemoryDatabase!
    private var matches: InMemoryMatchRepository!

    override func setUp() {
        database = InMemoryDatabase(users: [a, b])
        for uid in ["A", "B"] { database.place(.stub(uid, at: .at(37.5, 127))) }
        matches = InMemoryMatchRepository(database)
    }

    func testUnknownPartiesAreNotRegisteredOrNotFound() {
        let ghost = try! UserID("Ghost")
        XCTAssertThrowsDomainError(try matches.snapshot(of: ghost), .notRegistered)
        XCTAssertThrowsDomainError(try matches.decide(ghost, a.uid, at: testNow) { _ in .openRequest }, .notRegistered)
        XCTAssertThrowsDomainError(try matches.decide(a.uid, ghost, at: testNow) { _ in .openRequest }, .userNotFound)
        XCTAssertThrowsDomainError(try matches.dodge(ghost, at: testNow) { _ in DodgeDecision(dodgeCount: 1, penaltyUntil: nil) }, .notRegistered)
    }

    func testTheRuleSeesBothPartiesAndARefusalChangesNothing() throws {
        database.requests = [RequestRow(from: b.uid, to: a.uid)]
        var seen: PairSnapshot?
        struct Refused: Error {}
        let token = database.changeToken
        XCTAssertThrowsError(try matches.decide(a.uid, b.uid, at: testNow) { seen = $0; throw Refused() })
        XCTAssertEqual(seen?.me.user, a)
        XCTAssertEqual(seen?.other.user, b)
        XCTAssertEqual(seen?.requestFromOther, true)
        XCTAssertEqual(seen?.me.isWaiting, true)
        XCTAssertEqual(database.requests, [RequestRow(from: b.uid, to: a.uid)])
        XCTAssertEqual(database.changeToken, token, "a refusal commits nothing")
    }

    func testAReviewWithoutAMatchIsNotPartnerAndChangesNothing() throws {
        let token = database.changeToken
        XCTAssertThrowsDomainError(
            try matches.decide(a.uid, b.uid, at: testNow) { _ in .review(titles: [.kind], comment: "좋아요", endsMyMatch: true, resetsMyDodges: true) },
            .notPartner)
        XCTAssertEqual(database.users[b.uid], b)
        XCTAssertEqual(database.changeToken, token)
    }

    func testAMatchIsSeenByTheQueueSearchAndChat() throws {
        _ = try matches.decide(a.uid, b.uid, at: testNow) { _ in .match }
        XCTAssertNil(try InMemoryQueueRepository(database).entry(for: a.uid))
        XCTAssertNil(try InMemoryQueueRepository(database).entry(for: b.uid))
        let anyone = SearchCriteria(me: a, today: try CalendarDate(year: 2026, month: 11, day: 21), gender: nil)
        let query = NearbyQuery(center: .at(37.5, 127), radius: 700, study: nil, criteria: anyone, excluding: [], limit: nil)
        XCTAssertEqual(try InMemorySearchRepository(database).nearby(query), [])
        let conversation = try InMemoryChatRepository(database).conversation(of: a.uid, with: nil)
        XCTAssertEqual(conversation, Conversation(id: 1, me: a.uid, partner: .init(uid: b.uid, nick: b.nick), partnerUID: b.uid, isOpen: true))
        XCTAssertEqual(try matches.snapshot(of: b.uid).current?.partner, .init(uid: a.uid, nick: a.nick))
    }
}
