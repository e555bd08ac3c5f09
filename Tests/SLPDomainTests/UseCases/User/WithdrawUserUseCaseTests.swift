import SLPDomain
import SLPTestSupport
import XCTest

final class WithdrawUserUseCaseTests: XCTestCase {
    func testRemovesTheUserThenIsNotRegistered() throws {
        let me = User.stub(uid: "Me1", phone: "010-1111-1111")
        let other = User.stub(uid: "Other2", phone: "010-2222-2222")
        let database = InMemoryDatabase(users: [me, other])
        let users = InMemoryUserRepository(database)
        let withdraw = WithdrawUserUseCase(users: users)

        try withdraw(me: me.uid)
        XCTAssertNil(try users.user(uid: me.uid))
        XCTAssertNil(try users.user(phone: me.phone))
        XCTAssertEqual(database.users, [other.uid: other])

        XCTAssertThrowsError(try withdraw(me: me.uid)) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .notRegistered)
            XCTAssertEqual(error?.status, 406)
        }
        XCTAssertEqual(database.users, [other.uid: other])
    }

    func testThePhoneCanRegisterAgainAfterWithdrawal() throws {
        let database = InMemoryDatabase()
        let users = InMemoryUserRepository(database)
        let register = RegisterUserUseCase(users: users, clock: StoppedClock(year: 2026, month: 11, day: 21), ids: SequentialUserIDGenerator())
        let first = try register(.stub())
        try WithdrawUserUseCase(users: users)(me: first.uid)
        let second = try register(.stub())
        XCTAssertNotEqual(first.uid, second.uid)
        XCTAssertEqual(database.users, [second.uid: second])
    }
}
