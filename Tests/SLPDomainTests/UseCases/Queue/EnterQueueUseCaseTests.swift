import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class EnterQueueUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var database: InMemoryDatabase!
    private var users: InMemoryUserRepository!
    private var queue: InMemoryQueueRepository!
    private var enter: EnterQueueUseCase!
    private var me: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1")
        database = InMemoryDatabase(users: [me])
        users = InMemoryUserRepository(database)
        queue = InMemoryQueueRepository(database)
        enter = EnterQueueUseCase(queue: queue, clock: StoppedClock(now))
    }

    /// Replaces my stored record.
    private func store(_ change: (inout User) -> Void) throws {
        _ = try users.update(uid: me.uid, change)
    }

    func testValidEntryIsStoredWithTheClocksTime() throws {
        let entry = try enter(me: me.uid, latitude: -33.87, longitude: 151.21, studies: ["swift", "알고리즘"])
        XCTAssertEqual(entry, QueueEntry(
            uid: me.uid, coordinate: .at(-33.87, 151.21), studies: try StudyList(parsing: ["swift", "알고리즘"]), enteredAt: now))
        XCTAssertEqual(entry.studies.studies.map(\.name), ["swift", "알고리즘"])
        XCTAssertEqual(try queue.entry(for: me.uid), entry)
        XCTAssertEqual(queue.calls, ["enter", "entry"])
    }

    func testCoordinateBoundsAreAccepted() throws {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0), (-0.0, -0.0)] {
            let entry = try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: [])
            XCTAssertEqual(entry.coordinate, .at(latitude, longitude))
        }
    }

    func testEnteringAgainRefreshesPositionStudiesAndTime() throws {
        _ = try enter(me: me.uid, latitude: 37.5, longitude: 127, studies: ["java"])
        let later = EnterQueueUseCase(queue: queue, clock: StoppedClock(now.addingTimeInterval(60)))
        let entry = try later(me: me.uid, latitude: 35.1, longitude: 129.0, studies: ["python"])
        XCTAssertEqual(try queue.entry(for: me.uid), entry)
        XCTAssertEqual(entry.coordinate, .at(35.1, 129.0))
        XCTAssertEqual(entry.studies.studies.map(\.name), ["python"])
        XCTAssertEqual(entry.enteredAt, now.addingTimeInterval(60))
        XCTAssertEqual(database.queue.count, 1)
    }

    func testInvalidCoordinatesAreRefusedBeforeTouchingTheRepository() {
        let cases: [(Double, Double)] = [
            (.nan, 0), (0, .nan), (.infinity, 0), (-.infinity, 0), (0, .infinity), (0, -.infinity),
            (90.000001, 0), (-90.000001, 0), (0, 180.000001), (0, -180.000001), (91, 0), (0, 181), (Double("1e400")!, 0),
            (.greatestFiniteMagnitude, 0), (-.signalingNaN, 0),
        ]
        for (latitude, longitude) in cases {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: ["swift"]),
                                   code: "invalid_coordinate")
        }
        XCTAssertEqual(queue.calls, [])
        XCTAssertTrue(database.queue.isEmpty)
    }

    func testInvalidCoordinateWinsOverReportsAndPenalties() throws {
        try store { $0.reportedCount = 5; $0.dodgePenaltyUntil = self.now.addingTimeInterval(60); $0.dodgeCount = 1 }
        XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: .nan, longitude: 0, studies: []), code: "invalid_coordinate")
        XCTAssertEqual(queue.calls, [])
    }

    func testEightStudiesAcceptedNineRefused() throws {
        let eight = ["a", "b", "c", "d", "e", "f", "g", "h"]
        XCTAssertEqual(try enter(me: me.uid, latitude: 0, longitude: 0, studies: eight).studies.studies.map(\.name), eight)
        let before = queue.calls
        let error = XCTAssertThrowsInvalid(
            try enter(me: me.uid, latitude: 0, longitude: 0, studies: eight + ["i"]), code: "too_many_studies")
        XCTAssertInvalidMessage(error, "at most 8 studies (got 9)")
        // Spaces split studies, so nine words in fewer arguments are nine studies too.
        XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: 0, longitude: 0, studies: ["a b c", "d e f g h i"]), code: "too_many_studies")
        XCTAssertEqual(queue.calls, before)
    }

    func testDuplicateStudiesIgnoringCaseAndWidthAreRefused() {
        for studies in [["Swift", "swift"], ["swift java SWIFT"], ["ＳＷＩＦＴ", "swift"], ["알고리즘", "알고리즘"]] {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: 1, longitude: 1, studies: studies), code: "duplicate_study")
        }
        XCTAssertEqual(queue.calls, [])
    }

    func testInvalidStudyIsRefused() {
        for studies in [["abcdefghi"], ["a\u{0}b"], ["a\u{200B}b"]] {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: 1, longitude: 1, studies: studies), code: "invalid_study")
        }
        XCTAssertEqual(queue.calls, [])
    }

    func testNoStudiesMeansAnything() throws {
        for studies in [[], [""], ["  ", "\t"]] as [[String]] {
            let entry = try enter(me: me.uid, latitude: 1, longitude: 1, studies: studies)
            XCTAssertEqual(entry.studies, .anything)
            XCTAssertEqual(entry.studies.studies.map(\.name), ["anything"])
        }
    }

    func testUnknownUserIsNotRegistered() throws {
        XCTAssertThrowsDomainError(try enter(me: try UserID("Nobody"), latitude: 1, longitude: 1, studies: []), .notRegistered)
    }

    func testThreeReportsBarTheQueue() throws {
        try store { $0.reportedCount = 2 }
        XCTAssertNoThrow(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []))
        XCTAssertTrue(try queue.leave(me.uid) { _ in })
        for count in [3, 4, 10] {
            try store { $0.reportedCount = count }
            XCTAssertThrowsError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: [])) { error in
                XCTAssertEqual(error as? DomainError, .reported)
                XCTAssertEqual((error as? DomainError)?.code, "reported")
                XCTAssertEqual((error as? DomainError)?.status, 201)
            }
            XCTAssertNil(try queue.entry(for: me.uid))
        }
    }

    func testDodgePenaltyStatusFollowsTheDodgeCountWithExactSecondsLeft() throws {
        let cases: [(dodges: Int, left: TimeInterval, level: Int, seconds: Int, status: Int)] = [
            (1, 60, 1, 60, 203),
            (1, 59.001, 1, 60, 203),
            (1, 0.001, 1, 1, 203),
            (2, 120, 2, 120, 204),
            (2, 90.5, 2, 91, 204),
            (3, 180, 3, 180, 205),
            (4, 1, 3, 1, 205),
            (9, 179.2, 3, 180, 205),
        ]
        for (dodges, left, level, seconds, status) in cases {
            try store { $0.dodgeCount = dodges; $0.dodgePenaltyUntil = self.now.addingTimeInterval(left) }
            XCTAssertThrowsError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), "\(dodges) dodges, \(left) s") { error in
                let error = error as? DomainError
                XCTAssertEqual(error, .dodgePenalty(level: level, secondsLeft: seconds))
                XCTAssertEqual(error?.code, "dodge_penalty")
                XCTAssertEqual(error?.status, status)
                XCTAssertEqual(error?.message, "dodge penalty (\(level)): you can queue again in \(seconds) s")
            }
            XCTAssertNil(try queue.entry(for: me.uid))
        }
    }

    func testExpiredPenaltyIsNoBar() throws {
        for until in [now, now.addingTimeInterval(-0.001), now.addingTimeInterval(-3_600)] {
            try store { $0.dodgeCount = 3; $0.dodgePenaltyUntil = until }
            XCTAssertEqual(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []).enteredAt, now)
        }
    }

    func testPenaltyIsCheckedAgainstTheStoredRecordInsideTheWrite() throws {
        // The record the caller holds is stale; the repository's copy decides.
        try store { $0.dodgeCount = 2; $0.dodgePenaltyUntil = self.now.addingTimeInterval(30) }
        XCTAssertThrowsDomainError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), .dodgePenalty(level: 2, secondsLeft: 30))
        XCTAssertEqual(queue.calls, ["enter"])
    }
}
