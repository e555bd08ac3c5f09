import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class LeaveQueueUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var queue: InMemoryQueueRepository!
    private var leave: LeaveQueueUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1")
        other = User.stub(uid: "Other2", phone: "010-2222-3333")
        database = InMemoryDatabase(users: [me, other])
        queue = InMemoryQueueRepository(database)
        leave = LeaveQueueUseCase(queue: queue)
    }

    func testLeavingWhileWaitingRemovesOnlyMyPlace() throws {
        database.place(.stub("Me1", at: .at(37.5, 127)))
        database.place(.stub("Other2", at: .at(37.5, 127)))
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertNil(try queue.entry(for: me.uid))
        XCTAssertNotNil(try queue.entry(for: other.uid))
    }

    func testLeavingWhenNotWaitingIsNotAnError() throws {
        XCTAssertFalse(try leave(me: me.uid))
        database.place(.stub("Me1", at: .at(37.5, 127)))
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertFalse(try leave(me: me.uid))
        XCTAssertEqual(queue.calls, ["leave", "leave", "leave"])
    }

    func testUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try leave(me: try UserID("Nobody")), .notRegistered)
    }
}
