import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// `chat send` from standard input checks who I am and my match before anything is read: one
/// read transaction, nothing stored.
@MainActor
final class ChatSendPreparationTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var store: TestStore<ChatFeature>!
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [a, b]))
        let here = Coordinate.at(37.5665, 126.978)
        try storage.write { [a, b] in
            try $0.putInQueue(.stub("A", at: here), of: a)
            try $0.putInQueue(.stub("B", at: here), of: b)
        }
        let clock = StoppedClock(testNow)
        store = TestStore(
            ChatFeature(
                identify: IdentifyUserUseCase(storage: storage), send: SendMessageUseCase(storage: storage, clock: clock),
                read: ReadMessagesUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    func testWithoutAMatchNothingIsReady() async {
        let before = storage.transactions
        await store.send(.prepareSending(actingUser: "A"))
        let refused = Failure(code: "not_matched", status: nil, message: "you have no match to send a message to", exitCode: .refused)
        store.receive(.setFailure(refused)) { $0.failure = refused }
        XCTAssertFalse(store.state.ready)
        XCTAssertEqual(Array(storage.transactions[before.count...]), ["read", "read"], "who I am, then my match: reads only")

        await store.send(.prepareSending(actingUser: "Nobody"))
        let stranger = Failure(DomainError.notRegistered)
        store.receive(.setFailure(stranger)) { $0.failure = stranger }
    }

    func testWithAMatchItIsReadyAndNothingIsSent() async throws {
        _ = try RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: a.uid, other: b.uid)
        _ = try AcceptStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: b.uid, other: a.uid)
        await store.send(.prepareSending(actingUser: "A"))
        store.receive(.setReady) { $0.ready = true }
        XCTAssertTrue(storage.database.messages.isEmpty)
    }
}
