import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The fake must keep the repository contract, or use-case tests prove nothing.
final class InMemoryUserRepositoryTests: XCTestCase {
    func testDuplicatePhoneIsAlreadyRegistered() throws {
        let database = InMemoryDatabase()
        let users = InMemoryUserRepository(database)
        try users.add(User.stub(uid: "A1", phone: "010-1234-5678"))
        XCTAssertThrowsDomainError(try users.add(User.stub(uid: "B2", phone: "+821012345678")), .alreadyRegistered)
        XCTAssertEqual(database.users.keys.map(\.rawValue), ["A1"])
    }

    func testThrowingUpdateLeavesTheUserUnchanged() throws {
        let user = User.stub(uid: "A1")
        let users = InMemoryUserRepository(InMemoryDatabase(users: [user]))
        struct Stop: Error {}
        XCTAssertThrowsError(try users.update(uid: user.uid) { $0.searchable = false; throw Stop() })
        XCTAssertEqual(try users.user(uid: user.uid), user)
        XCTAssertThrowsDomainError(try users.update(uid: try UserID("Nobody")) { _ in }, .notRegistered)
    }

    func testWithdrawalTakesTheUsersRowsAlongAndLeavesThePartnersMatch() throws {
        let a = User.stub(uid: "A", phone: "010-1000-0001"), b = User.stub(uid: "B", phone: "010-1000-0002")
        let c = User.stub(uid: "C", phone: "010-1000-0003")
        let database = InMemoryDatabase(users: [a, b, c])
        let id = database.startMatch(a.uid, b.uid, at: testNow)
        database.end(id, by: a.uid, .dodged, at: testNow)
        database.place(.stub("A", at: .at(37.5, 127)))
        database.requests = [RequestRow(from: c.uid, to: a.uid), RequestRow(from: b.uid, to: c.uid)]
        database.reports = [ReportRow(from: a.uid, to: c.uid, reason: .rude, comment: nil)]

        XCTAssertTrue(try InMemoryUserRepository(database).remove(uid: a.uid))
        XCTAssertEqual(Set(database.users.keys), [b.uid, c.uid])
        XCTAssertTrue(database.queue.isEmpty)
        XCTAssertEqual(database.requests, [RequestRow(from: b.uid, to: c.uid)])
        XCTAssertEqual(database.reports, [])
        XCTAssertEqual(database.matches.first?.members.map(\.user), [b.uid], "the partner's part stays")
        XCTAssertFalse(try InMemoryUserRepository(database).remove(uid: a.uid))
    }
}
