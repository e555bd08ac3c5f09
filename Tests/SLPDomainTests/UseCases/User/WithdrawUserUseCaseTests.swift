import SLPDomain
import XCTest

final class WithdrawUserUseCaseTests: XCTestCase {
    func testRemovesTheUserThenIsNotRegistered() throws {
        let me = try User.stub(uid: "Me1", phone: "010-1111-1111")
        let other = try User.stub(uid: "Other2", phone: "010-2222-2222")
        let users = FakeUserRepository([me, other])
        let withdraw = WithdrawUserUseCase(users: users)

        try withdraw(me: me.uid)
        XCTAssertNil(try users.user(uid: me.uid))
        XCTAssertNil(try users.user(phone: me.phone))
        XCTAssertEqual(users.all, [other])

        XCTAssertThrowsError(try withdraw(me: me.uid)) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .notRegistered)
            XCTAssertEqual(error?.status, 406)
        }
        XCTAssertEqual(users.all, [other])
    }

    func testThePhoneCanRegisterAgainAfterWithdrawal() throws {
        let users = FakeUserRepository()
        let register = RegisterUserUseCase(users: users, clock: try FixedClock(year: 2026, month: 11, day: 21), ids: SequenceUserIDGenerator())
        let first = try register(.stub())
        try WithdrawUserUseCase(users: users)(me: first.uid)
        let second = try register(.stub())
        XCTAssertNotEqual(first.uid, second.uid)
        XCTAssertEqual(users.all, [second])
    }
}
