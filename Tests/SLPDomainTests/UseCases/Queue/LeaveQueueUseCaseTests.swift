import Foundation
import SLPDomain
import XCTest

final class LeaveQueueUseCaseTests: XCTestCase {
    private var queue: FakeQueueRepository!
    private var leave: LeaveQueueUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = try User.stub(uid: "Me1")
        other = try User.stub(uid: "Other2", phone: "010-2222-3333")
        queue = FakeQueueRepository(users: FakeUserRepository([me, other]))
        leave = LeaveQueueUseCase(queue: queue)
    }

    func testLeavingWhileWaitingRemovesOnlyMyPlace() throws {
        queue.place(try .stub("Me1", at: .at(37.5, 127)))
        queue.place(try .stub("Other2", at: .at(37.5, 127)))
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertNil(try queue.entry(for: me.uid))
        XCTAssertNotNil(try queue.entry(for: other.uid))
    }

    func testLeavingWhenNotWaitingIsNotAnError() throws {
        XCTAssertFalse(try leave(me: me.uid))
        queue.place(try .stub("Me1", at: .at(37.5, 127)))
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertFalse(try leave(me: me.uid))
        XCTAssertEqual(queue.calls, ["leave", "leave", "leave"])
    }

    func testUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try leave(me: try UserID("Nobody")), .notRegistered)
    }
}
