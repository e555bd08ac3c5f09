import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// `SendMessageUseCase.check`: what sending would refuse, found before any message is read,
/// in one read transaction that stores nothing.
final class SendCheckTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)
    private var storage: InMemoryStorage!
    private let a = try! UserID("A"), b = try! UserID("B")
    private var clock: StoppedClock { StoppedClock(testNow) }
    private var send: SendMessageUseCase { SendMessageUseCase(storage: storage, clock: clock) }

    override func setUpWithError() throws {
        let users = [User.stub(uid: "A", phone: "010-1000-0001", nick: "에이"), User.stub(uid: "B", phone: "010-1000-0002", nick: "비")]
        storage = InMemoryStorage(InMemoryDatabase(users: users))
        try storage.write { transaction in
            for user in users { try transaction.putInQueue(.stub(user.uid.rawValue, at: here), of: user) }
        }
    }

    private func assertRefused(_ uid: UserID, _ expected: DomainError, file: StaticString = #filePath, line: UInt = #line) {
        let before = storage.transactions.count
        XCTAssertThrowsError(try send.check(me: uid), file: file, line: line) {
            XCTAssertEqual($0 as? DomainError, expected, file: file, line: line)
        }
        XCTAssertEqual(Array(storage.transactions[before...]), ["read"], "one read, nothing written", file: file, line: line)
    }

    func testEachRefusalOfSendingIsFoundFirst() throws {
        assertRefused(try UserID("Nobody"), .notRegistered)
        assertRefused(a, .notMatched)
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: a, other: b)
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: b, other: a)
        XCTAssertNoThrow(try send.check(me: a))
        XCTAssertEqual(storage.database.messages.count, 0, "checking sends nothing")
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: b)
        assertRefused(a, .studyEnded)
    }
}
