import SLPDomain
import SLPTestSupport
import XCTest

final class ShowUserUseCaseTests: XCTestCase {
    private var users: InMemoryUserRepository!
    private var show: ShowUserUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", phone: "010-1111-1111", nick: "me")
        other = User.stub(uid: "Other2", phone: "010-2222-2222", nick: "other", gender: .male, study: "swift", comments: ["kind"])
        users = InMemoryUserRepository(InMemoryDatabase(users: [me, other]))
        show = ShowUserUseCase(users: users)
    }

    func testNoTargetOrMyOwnUIDShowsMyWholeRecord() throws {
        XCTAssertEqual(try show(me: me, target: nil), .mine(me))
        XCTAssertEqual(try show(me: me, target: me.uid), .mine(me))
    }

    func testAnotherUserShowsTheirPublicProfileOnly() throws {
        let view = try show(me: me, target: other.uid)
        XCTAssertEqual(view, .other(other.publicProfile))
        guard case .other(let profile) = view else { return XCTFail("expected a public profile") }
        XCTAssertEqual(profile.nick.value, "other")
        XCTAssertEqual(profile.comments, ["kind"])
    }

    func testUnknownUserIsUserNotFound() throws {
        XCTAssertThrowsError(try show(me: me, target: try UserID("Nobody"))) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .userNotFound)
            XCTAssertEqual(error?.code, "user_not_found")
            XCTAssertNil(error?.status)
        }
    }
}
