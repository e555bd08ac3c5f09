import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// What the feature tests read off the in-memory storage beyond the storage contract: the
/// record of transactions (how a test knows a use case never reached storage) and another
/// process's commit.
final class InMemoryStorageTests: XCTestCase {
    private let user = User.stub(uid: "A1")

    func testEachTransactionIsRecordedInOrderAFailedOneToo() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [user]))
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(try storage.read { try $0.user(user.uid) }, user)
        struct Stop: Error {}
        XCTAssertThrowsError(try storage.write { [user] in
            _ = try $0.delete(user.uid)
            throw Stop()
        })
        XCTAssertEqual(storage.database.users[user.uid], user, "a write that throws changes nothing")
        XCTAssertTrue(try storage.write { [user] in try $0.delete(user.uid) })
        XCTAssertEqual(storage.transactions, ["read", "write", "write"])
    }

    func testOnlyACommitOrAnotherProcessMovesTheChangeToken() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [user]))
        let start = try storage.changeToken()
        _ = try storage.read { try $0.user(user.uid) }
        struct Stop: Error {}
        XCTAssertThrowsError(try storage.write { _ in throw Stop() })
        XCTAssertEqual(try storage.changeToken(), start, "neither a read nor a failed write moves it")
        try storage.write { [user] in try $0.update(user) }
        XCTAssertEqual(try storage.changeToken(), start + 1)
        storage.commitElsewhere()
        XCTAssertEqual(try storage.changeToken(), start + 2)
    }
}
