import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class UpdatePushTokenUseCaseTests: XCTestCase {
    private let me = User.stub(uid: "Me1", phone: "010-1111-1111")
    private let other = User.stub(uid: "Other2", phone: "010-2222-2222")
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var update: UpdatePushTokenUseCase!

    override func setUp() {
        database = InMemoryDatabase(users: [me, other])
        storage = InMemoryStorage(database)
        update = UpdatePushTokenUseCase(storage: storage)
    }

    func testStoresTheTokenAndReturnsTheUpdatedUser() throws {
        let user = try update(me: me.uid, token: "fcm:new-token_1")
        XCTAssertEqual(user.pushToken, try PushToken("fcm:new-token_1"))
        XCTAssertEqual(try database.stored(me.uid)?.pushToken, user.pushToken)
        XCTAssertEqual(try database.stored(me.uid), user, "the user returned is the one stored")
        XCTAssertEqual(storage.transactions, ["write"])
    }

    func testOnlyThePushTokenChanges() throws {
        var expected = me
        expected.pushToken = try PushToken("f2")
        XCTAssertEqual(try update(me: me.uid, token: "f2"), expected)
        XCTAssertEqual(try database.stored(other.uid), other, "nobody else is touched")
    }

    func testAnEmptyTokenClearsIt() throws {
        _ = try update(me: me.uid, token: "f1")
        XCTAssertEqual(try update(me: me.uid, token: "").pushToken, .none)
        XCTAssertEqual(try database.stored(me.uid)?.pushToken, PushToken.none)
    }

    func testTheLatestTokenWins() throws {
        _ = try update(me: me.uid, token: "first")
        _ = try update(me: me.uid, token: "second")
        XCTAssertEqual(try database.stored(me.uid)?.pushToken.value, "second")
    }

    func testAnInvalidTokenNeverReachesStorage() {
        XCTAssertThrowsInvalid(try update(me: me.uid, token: "has space"), code: "invalid_fcm_token")
        XCTAssertThrowsInvalid(try update(me: me.uid, token: String(repeating: "a", count: 4_097)), code: "invalid_fcm_token")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(database.users[me.uid], me)
    }

    func testAnUnknownOrWithdrawnUserIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try update(me: try UserID("Ghost"), token: "f1"), .notRegistered)
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid)
        XCTAssertThrowsDomainError(try update(me: me.uid, token: "f1"), .notRegistered)
        XCTAssertNil(try database.stored(me.uid), "the update does not bring a withdrawn user back")
    }
}
