import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class LeaveQueueUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var leave: LeaveQueueUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1")
        other = User.stub(uid: "Other2", phone: "010-2222-3333")
        database = InMemoryDatabase(users: [me, other])
        storage = InMemoryStorage(database)
        leave = LeaveQueueUseCase(storage: storage)
    }

    /// Puts `user` in the queue with a plain storage operation.
    private func place(_ user: User) throws {
        try storage.write { try $0.putInQueue(.stub(user.uid.rawValue, at: .at(37.5, 127)), of: user) }
    }

    func testLeavingWhileWaitingRemovesOnlyMyPlace() throws {
        try place(me)
        try place(other)
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertNil(database.queue[me.uid])
        XCTAssertNotNil(database.queue[other.uid])
    }

    func testLeavingWhenNotWaitingIsNotAnError() throws {
        XCTAssertFalse(try leave(me: me.uid))
        try place(me)
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertFalse(try leave(me: me.uid))
        XCTAssertEqual(storage.transactions, ["write", "write", "write", "write"], "one write each, and the placing")
    }

    func testLeavingVoidsMyRequestsSentAndReceived() throws {
        let third = User.stub(uid: "Third3", phone: "010-3333-4444")
        try storage.write { _ = try $0.insert(third) }
        for user in [me!, other!, third] { try place(user) }
        let request = RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow))
        _ = try request(me: other.uid, other: me.uid)
        _ = try request(me: me.uid, other: third.uid)
        _ = try request(me: other.uid, other: third.uid)
        XCTAssertTrue(try leave(me: me.uid))
        XCTAssertEqual(database.requests, [RequestRow(from: other.uid, to: third.uid)], "only the requests between the others stay")
    }

    func testWhileMatchedLeavingIsRefused() throws {
        try storage.write { _ = try $0.insertMatch(me.uid, other.uid, at: testNow) }
        XCTAssertThrowsDomainError(try leave(me: me.uid), .alreadyMatched)
    }

    func testUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try leave(me: try UserID("Nobody")), .notRegistered)
    }
}
