import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// Withdrawing after a question: first only who I am is read (nothing deleted), then the
/// withdrawal; the screen shows nothing until it is done.
@MainActor
final class UserWithdrawConfirmationTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var store: TestStore<UserFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private var renderer: UserWithdrawStreamRenderer {
        UserWithdrawStreamRenderer(user: UserRenderer(
            format: .text(.plain), failures: FailureRenderer(help: HelpFormatter(for: CommandTable.parser)), now: testNow))
    }

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me]))
        store = TestStore(
            UserFeature(
                identify: IdentifyUserUseCase(storage: storage), show: ShowUserUseCase(storage: storage),
                update: UpdateMyPageUseCase(storage: storage), withdraw: WithdrawUserUseCase(storage: storage),
                updatePushToken: UpdatePushTokenUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    func testPreparingReadsWhoIAmAndDeletesNothing() async {
        await store.send(.prepareWithdrawal(actingUser: "010-1111-1111"))
        store.receive(.setConfirming(me)) { $0.confirming = self.me }
        XCTAssertEqual(storage.transactions, ["read"])
        XCTAssertNotNil(storage.database.users[me.uid])
        XCTAssertEqual(renderer.end(store.state), Output(), "nothing to show while asking")
        XCTAssertEqual(renderer.changes(from: .init(), to: store.state), "")

        await store.send(.withdraw(actingUser: "ME"))
        store.receive(.setWithdrawn(me)) {
            $0.confirming = nil
            $0.withdrawn = self.me
        }
        XCTAssertNil(storage.database.users[me.uid])
        XCTAssertEqual(renderer.end(store.state).stdout, "Withdrawn: 나 (ME). Your account and personal data are gone.\n")
    }

    func testAnUnknownUserFailsBeforeAnyQuestion() async {
        await store.send(.prepareWithdrawal(actingUser: "010-9999-9999"))
        let failure = Failure(DomainError.notRegistered)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertNil(store.state.confirming)
        XCTAssertEqual(renderer.end(store.state).exitCode, .refused)
    }
}
