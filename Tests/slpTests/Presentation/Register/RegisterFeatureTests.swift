import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class RegisterFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<RegisterFeature>!

    override func setUp() async throws {
        storage = InMemoryStorage()
        let register = RegisterUserUseCase(storage: storage, clock: StoppedClock(testNow), ids: SequentialUserIDGenerator())
        store = TestStore(RegisterFeature(register: register), initialState: .init(), test: self)
    }

    func testSubmitStoresTheUser() async throws {
        await store.send(.submit(.stub()))
        let stored = try XCTUnwrap(database.users.values.first)
        store.receive(.setRegistered(stored)) { $0.user = stored }
        XCTAssertEqual(stored.uid.rawValue, "U1")
        XCTAssertEqual(stored.phone.e164, "+821012345678")
        XCTAssertEqual(stored.createdAt, testNow)
    }

    func testSecondRegistrationWithSamePhoneFails() async throws {
        await store.send(.submit(.stub(phone: "010-1234-5678")))
        let first = try XCTUnwrap(database.users.values.first)
        store.receive(.setRegistered(first)) { $0.user = first }

        await store.send(.submit(.stub(phone: "+821012345678", nick: "다른")))
        let refused = Failure(code: "already_registered", status: 201, message: DomainError.alreadyRegistered.message, exitCode: .refused)
        store.receive(.setFailure(refused)) {
            $0.failure = refused
            $0.user = nil
        }
        XCTAssertEqual(database.users.count, 1)
    }

    func testInvalidNickIsUsageFailure() async {
        await store.send(.submit(.stub(nick: "abcdefghijk")))
        let failure = Failure(code: "invalid_nick", status: nil, message: "a nick has at most 10 characters (got 11)", exitCode: .usage)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertTrue(database.users.isEmpty)
        XCTAssertEqual(storage.transactions, [], "an invalid value never reaches storage")
    }

    func testReducerIsPureAndClearsTheOtherOutcome() {
        let user = User.stub()
        let failure = Failure(code: "x", status: nil, message: "m", exitCode: .refused)
        var state = RegisterFeature.reduce(.init(), .setFailure(failure))
        XCTAssertEqual(state, RegisterFeature.State(user: nil, failure: failure))
        state = RegisterFeature.reduce(state, .setRegistered(user))
        XCTAssertEqual(state, RegisterFeature.State(user: user, failure: nil))
    }
}
