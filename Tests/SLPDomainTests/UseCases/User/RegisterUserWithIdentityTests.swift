import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Registering through the API: the uid is the verified token's, and the app's push token
/// (`FCMtoken`) comes with the request.
final class RegisterUserWithIdentityTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var ids: SequentialUserIDGenerator!
    private var register: RegisterUserUseCase!
    private let verified = try! UserID("FirebaseUid0123456789abcdefg")

    override func setUp() {
        database = InMemoryDatabase()
        storage = InMemoryStorage(database)
        ids = SequentialUserIDGenerator()
        register = RegisterUserUseCase(storage: storage, clock: StoppedClock(year: 2026, month: 11, day: 21), ids: ids)
    }

    private func request(phone: String = "010-1234-5678", uid: UserID?, pushToken: String = "") -> RegisterUserUseCase.Request {
        let stub = RegisterUserUseCase.Request.stub(phone: phone)
        return RegisterUserUseCase.Request(
            phone: stub.phone, nick: stub.nick, birth: stub.birth, email: stub.email, gender: stub.gender, uid: uid, pushToken: pushToken)
    }

    func testAGivenUIDIsTheAccountsUIDAndNoneIsDrawn() throws {
        let user = try register(request(uid: verified))
        XCTAssertEqual(user.uid, verified)
        XCTAssertEqual(Array(database.users.keys), [verified])
        XCTAssertEqual(try register(request(phone: "010-2222-3333", uid: nil)).uid.rawValue, "U1", "the generator was not used before")
    }

    func testAVerifiedIdentityRegisteringTwiceIsAlreadyRegistered() throws {
        let first = try register(request(uid: verified))
        // Even with another phone: one account per uid.
        for phone in ["010-1234-5678", "010-9999-0000"] {
            XCTAssertThrowsError(try register(request(phone: phone, uid: verified))) { error in
                XCTAssertEqual(error as? DomainError, .alreadyRegistered)
            }
        }
        XCTAssertEqual(database.users, [verified: first], "the first account is left as it was")
        XCTAssertNil(try database.inspect { try $0.user(phone: try PhoneNumber("010-9999-0000")) })
    }

    func testAnotherIdentityWithATakenPhoneIsAlreadyRegistered() throws {
        _ = try register(request(uid: verified))
        XCTAssertThrowsDomainError(try register(request(uid: try UserID("AnotherUid"))), .alreadyRegistered)
        XCTAssertEqual(Array(database.users.keys), [verified])
    }

    func testThePushTokenIsStored() throws {
        let user = try register(request(uid: verified, pushToken: "fcm:token-1"))
        XCTAssertEqual(user.pushToken.value, "fcm:token-1")
        XCTAssertEqual(try database.stored(verified)?.pushToken.value, "fcm:token-1")
    }

    func testWithoutAPushTokenThereIsNone() throws {
        XCTAssertEqual(try register(request(uid: verified)).pushToken, PushToken.none)
        XCTAssertEqual(try register(request(phone: "010-2222-3333", uid: nil)).pushToken, PushToken.none)
    }

    func testAnInvalidPushTokenIsInvalidAndNeverReachesStorage() {
        XCTAssertThrowsInvalid(try register(request(uid: verified, pushToken: "two words")), code: "invalid_fcm_token")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertTrue(database.users.isEmpty)
    }

    func testAWithdrawnIdentityMayRegisterAgain() throws {
        _ = try register(request(uid: verified))
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: verified)
        XCTAssertEqual(try register(request(uid: verified, pushToken: "f2")).pushToken.value, "f2")
        XCTAssertEqual(Array(database.users.keys), [verified])
    }
}
