import SLPDomain
import XCTest

/// The fake must keep the repository contract, or use-case tests prove nothing.
final class FakeUserRepositoryTests: XCTestCase {
    func testDuplicatePhoneIsAlreadyRegistered() throws {
        let users = FakeUserRepository()
        try users.add(try User.stub(uid: "A1", phone: "010-1234-5678"))
        XCTAssertThrowsDomainError(try users.add(try User.stub(uid: "B2", phone: "+821012345678")), .alreadyRegistered)
        XCTAssertEqual(users.all.map(\.uid.rawValue), ["A1"])
    }

    func testThrowingUpdateLeavesTheUserUnchanged() throws {
        let user = try User.stub(uid: "A1")
        let users = FakeUserRepository([user])
        struct Stop: Error {}
        XCTAssertThrowsError(try users.update(uid: user.uid) { $0.searchable = false; throw Stop() })
        XCTAssertEqual(try users.user(uid: user.uid), user)
        XCTAssertThrowsDomainError(try users.update(uid: try UserID("Nobody")) { _ in }, .notRegistered)
    }
}
