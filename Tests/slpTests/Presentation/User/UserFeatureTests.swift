import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class UserFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<UserFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        store = TestStore(
            UserFeature(
                identify: IdentifyUserUseCase(storage: storage), show: ShowUserUseCase(storage: storage),
                update: UpdateMyPageUseCase(storage: storage), withdraw: WithdrawUserUseCase(storage: storage),
                updatePushToken: UpdatePushTokenUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    func testShowMeByPhone() async {
        await store.send(.show(actingUser: "01011111111", target: nil))
        store.receive(.setView(.mine(MyRecord(newUser: me)))) { $0.view = .mine(MyRecord(newUser: self.me)) }
    }

    func testShowOtherGivesPublicProfileOnly() async {
        await store.send(.show(actingUser: "ME", target: other.uid))
        store.receive(.setView(.other(other.publicProfile))) { $0.view = .other(self.other.publicProfile) }
    }

    func testUnknownActingUserIsNotRegistered() async {
        await store.send(.show(actingUser: nil, target: nil))
        let failure = Failure(DomainError.notRegistered)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.status, 406)
        XCTAssertEqual(failure.exitCode, .refused)
    }

    func testUpdateThenWithdraw() async throws {
        await store.send(.update(actingUser: "ME", MyPageChanges(searchable: false, ageMin: 20)))
        var updated = me
        updated.searchable = false
        updated.ageRange = try AgeRange(min: 20, max: 65)
        store.receive(.setView(.mine(MyRecord(newUser: updated)))) { $0.view = .mine(MyRecord(newUser: updated)) }
        XCTAssertEqual(database.users[me.uid], updated)

        await store.send(.withdraw(actingUser: "ME"))
        store.receive(.setWithdrawn(updated)) {
            $0.withdrawn = updated
            $0.view = nil
        }
        XCTAssertNil(database.users[me.uid])
    }

    func testUpdatingNothingIsAUsageFailureThatNeverReachesStorage() async {
        await store.send(.update(actingUser: "ME", MyPageChanges()))
        let failure = Failure(code: "nothing_to_update", status: nil, message: "give at least one field to change", exitCode: .usage)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(storage.transactions, ["read"], "only finding me")
        XCTAssertEqual(database.users[me.uid], me)
    }

    func testUpdatingThePushTokenShowsMyRecordWithIt() async throws {
        await store.send(.updatePushToken(actingUser: "ME", token: "fcm:APA91b-token_1"))
        var updated = me
        updated.pushToken = try PushToken("fcm:APA91b-token_1")
        store.receive(.setView(.mine(MyRecord(newUser: updated)))) { $0.view = .mine(MyRecord(newUser: updated)) }
        XCTAssertEqual(database.users[me.uid]?.pushToken.value, "fcm:APA91b-token_1")
    }

    func testAPushTokenWithSpacesIsAUsageFailureThatNeverWrites() async {
        await store.send(.updatePushToken(actingUser: "ME", token: "not a token"))
        let failure = Failure(code: "invalid_fcm_token", status: nil, message: "an FCM token is printable ASCII without spaces", exitCode: .usage)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(storage.transactions, ["read"], "only finding me")
    }
}
