import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class EnterQueueUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.25)
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var enter: EnterQueueUseCase!
    private var me: User!
    /// Where the API shows people, under the key the test storage keeps.
    private let places = ShownPlaces(key: TestKeyedHash())

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1")
        database = InMemoryDatabase(users: [me])
        storage = InMemoryStorage(database)
        enter = EnterQueueUseCase(storage: storage, clock: StoppedClock(now))
    }

    /// Changes my stored record with a plain storage update.
    private func store(_ change: (inout User) -> Void) throws {
        try storage.write { transaction in
            guard var user = try transaction.user(me.uid) else { return XCTFail("I am not stored") }
            change(&user)
            try transaction.update(user)
        }
    }

    /// Has users who never reported me before report me until `count` users have.
    private func reported(by count: Int) throws {
        try storage.write { transaction in
            for index in try transaction.reporters(of: me.uid).count..<count {
                let reporter = User.stub(uid: "R\(index)", phone: "010-7777-\(1000 + index)")
                XCTAssertTrue(try transaction.insert(reporter))
                try transaction.insertReport(by: reporter.uid, of: me.uid, reason: .rude, comment: nil, at: now)
            }
        }
        XCTAssertEqual(try database.stored(me.uid)?.reportedCount, count)
    }

    /// My place in the queue as stored now.
    private var myEntry: QueueEntry? { database.queue[me.uid] }

    func testValidEntryIsStoredWithTheClocksTime() throws {
        let entry = try enter(me: me.uid, latitude: -33.87, longitude: 151.21, studies: ["swift", "알고리즘"])
        XCTAssertEqual(entry, QueueEntry(
            uid: me.uid, coordinate: .at(-33.87, 151.21), studies: try StudyList(parsing: ["swift", "알고리즘"]), enteredAt: now,
            shownCoordinate: places.point(for: .at(-33.87, 151.21))))
        XCTAssertEqual(entry.studies.studies.map(\.name), ["swift", "알고리즘"])
        XCTAssertEqual(myEntry, entry)
        XCTAssertEqual(storage.transactions, ["write"], "checked and stored in one write")
    }

    func testCoordinateBoundsAreAccepted() throws {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0), (-0.0, -0.0)] {
            let entry = try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: [])
            XCTAssertEqual(entry.coordinate, .at(latitude, longitude))
        }
    }

    func testEnteringAgainRefreshesPositionStudiesAndTime() throws {
        _ = try enter(me: me.uid, latitude: 37.5, longitude: 127, studies: ["java"])
        let later = EnterQueueUseCase(storage: storage, clock: StoppedClock(now.addingTimeInterval(60)))
        let entry = try later(me: me.uid, latitude: 35.1, longitude: 129.0, studies: ["python"])
        XCTAssertEqual(myEntry, entry)
        XCTAssertEqual(entry.coordinate, .at(35.1, 129.0))
        XCTAssertEqual(entry.studies.studies.map(\.name), ["python"])
        XCTAssertEqual(entry.enteredAt, now.addingTimeInterval(60))
        XCTAssertEqual(database.queue.count, 1)
    }

    /// Where the API shows me is the point of my cell under the storage's key: the same on every
    /// entry and wherever I stand in the cell; another cell, another point.
    func testWhereIAmShownDependsOnMyCellAlone() throws {
        let corner = Coordinate.at(37.566_01, 126.977_35), across = Coordinate.at(37.566_88, 126.978_45)
        XCTAssertEqual(PlaceCell(containing: corner), PlaceCell(containing: across), "one cell, 137 m apart")
        let shown = try enter(me: me.uid, latitude: corner.latitude, longitude: corner.longitude, studies: []).shownCoordinate
        XCTAssertEqual(shown, places.point(for: corner))
        XCTAssertEqual(PlaceCell(containing: shown), PlaceCell(containing: corner), "a point of the cell")
        XCTAssertEqual(try enter(me: me.uid, latitude: across.latitude, longitude: across.longitude, studies: ["go"]).shownCoordinate, shown)
        XCTAssertEqual(myEntry?.shownCoordinate, shown)
        _ = try LeaveQueueUseCase(storage: storage)(me: me.uid)
        XCTAssertEqual(try enter(me: me.uid, latitude: corner.latitude, longitude: corner.longitude, studies: []).shownCoordinate, shown)
        let elsewhere = try enter(me: me.uid, latitude: 35.1, longitude: 129.0, studies: [])
        XCTAssertEqual(elsewhere.shownCoordinate, places.point(for: .at(35.1, 129.0)))
        XCTAssertNotEqual(elsewhere.shownCoordinate, shown)
    }

    func testInvalidCoordinatesAreRefusedBeforeTouchingStorage() {
        let cases: [(Double, Double)] = [
            (.nan, 0), (0, .nan), (.infinity, 0), (-.infinity, 0), (0, .infinity), (0, -.infinity),
            (90.000001, 0), (-90.000001, 0), (0, 180.000001), (0, -180.000001), (91, 0), (0, 181), (Double("1e400")!, 0),
            (.greatestFiniteMagnitude, 0), (-.signalingNaN, 0),
        ]
        for (latitude, longitude) in cases {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: ["swift"]),
                                   code: "invalid_coordinate")
        }
        XCTAssertEqual(storage.transactions, [])
        XCTAssertTrue(database.queue.isEmpty)
    }

    func testInvalidCoordinateWinsOverReportsAndPenalties() throws {
        try reported(by: 5)
        try store { $0.dodgePenaltyUntil = self.now.addingTimeInterval(60); $0.dodgeCount = 1 }
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: .nan, longitude: 0, studies: []), code: "invalid_coordinate")
        }), [])
    }

    func testEightStudiesAcceptedNineRefused() throws {
        let eight = ["a", "b", "c", "d", "e", "f", "g", "h"]
        XCTAssertEqual(try enter(me: me.uid, latitude: 0, longitude: 0, studies: eight).studies.studies.map(\.name), eight)
        var error: DomainError?
        XCTAssertEqual(try storage.transactions(during: {
            error = XCTAssertThrowsInvalid(
                try enter(me: me.uid, latitude: 0, longitude: 0, studies: eight + ["i"]), code: "too_many_studies")
            // Spaces split studies, so nine words in fewer arguments are nine studies too.
            XCTAssertThrowsInvalid(
                try enter(me: me.uid, latitude: 0, longitude: 0, studies: ["a b c", "d e f g h i"]), code: "too_many_studies")
        }), [])
        XCTAssertInvalidMessage(error, "at most 8 studies (got 9)")
        XCTAssertEqual(myEntry?.studies.studies.map(\.name), eight)
    }

    func testDuplicateStudiesIgnoringCaseAndWidthAreRefused() {
        for studies in [["Swift", "swift"], ["swift java SWIFT"], ["ＳＷＩＦＴ", "swift"], ["알고리즘", "알고리즘"]] {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: 1, longitude: 1, studies: studies), code: "duplicate_study")
        }
        XCTAssertEqual(storage.transactions, [])
    }

    func testInvalidStudyIsRefused() {
        for studies in [["abcdefghi"], ["a\u{0}b"], ["a\u{200B}b"]] {
            XCTAssertThrowsInvalid(try enter(me: me.uid, latitude: 1, longitude: 1, studies: studies), code: "invalid_study")
        }
        XCTAssertEqual(storage.transactions, [])
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
        try reported(by: 2)
        XCTAssertNoThrow(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []))
        XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: me.uid))
        for count in [3, 4, 10] {
            try reported(by: count)
            XCTAssertThrowsError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: [])) { error in
                XCTAssertEqual(error as? DomainError, .reported)
                XCTAssertEqual((error as? DomainError)?.code, "reported")
            }
            XCTAssertNil(myEntry)
        }
    }

    func testDodgePenaltyStatusFollowsTheDodgeCountWithExactSecondsLeft() throws {
        let cases: [(dodges: Int, left: TimeInterval, level: Int, seconds: Int)] = [
            (1, 60, 1, 60),
            (1, 59.001, 1, 60),
            (1, 0.001, 1, 1),
            (2, 120, 2, 120),
            (2, 90.5, 2, 91),
            (3, 180, 3, 180),
            (4, 1, 3, 1),
            (9, 179.2, 3, 180),
        ]
        for (dodges, left, level, seconds) in cases {
            try store { $0.dodgeCount = dodges; $0.dodgePenaltyUntil = self.now.addingTimeInterval(left) }
            XCTAssertThrowsError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), "\(dodges) dodges, \(left) s") { error in
                let error = error as? DomainError
                XCTAssertEqual(error, .dodgePenalty(level: level, secondsLeft: seconds))
                XCTAssertEqual(error?.code, "dodge_penalty")
                XCTAssertEqual(error?.message, "dodge penalty (\(level)): you can queue again in \(seconds) s")
            }
            XCTAssertNil(myEntry)
        }
    }

    func testExpiredPenaltyIsNoBar() throws {
        for until in [now, now.addingTimeInterval(-0.001), now.addingTimeInterval(-3_600)] {
            try store { $0.dodgeCount = 3; $0.dodgePenaltyUntil = until }
            XCTAssertEqual(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []).enteredAt, now)
        }
    }

    func testPenaltyIsCheckedAgainstTheStoredRecordInsideTheWrite() throws {
        // The record the caller holds is stale; the stored one, read inside the write, decides.
        try store { $0.dodgeCount = 2; $0.dodgePenaltyUntil = self.now.addingTimeInterval(30) }
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsDomainError(
                try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), .dodgePenalty(level: 2, secondsLeft: 30))
        }), ["write"])
        XCTAssertNil(myEntry)
    }

    func testAReportByAUserWhoWithdrewNoLongerCounts() throws {
        try reported(by: 3)
        XCTAssertThrowsDomainError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), .reported)
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: try UserID("R0"))
        XCTAssertEqual(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []).uid, me.uid)
    }

    func testWhileMatchedICannotQueue() throws {
        let partner = User.stub(uid: "Partner2", phone: "010-2222-3333")
        try storage.write { transaction in
            XCTAssertTrue(try transaction.insert(partner))
            _ = try transaction.insertMatch(me.uid, partner.uid, at: now)
        }
        XCTAssertThrowsDomainError(try enter(me: me.uid, latitude: 1, longitude: 1, studies: []), .alreadyMatched)
        XCTAssertNil(myEntry)
    }

    /// Queueing again after my partner ended our match moves me on from it.
    func testQueueingAgainLeavesAMatchMyPartnerEnded() throws {
        let partner = User.stub(uid: "Partner2", phone: "010-2222-3333")
        let match = try storage.write { transaction -> Int64 in
            XCTAssertTrue(try transaction.insert(partner))
            let match = try transaction.insertMatch(me.uid, partner.uid, at: now)
            try transaction.end(match, for: partner.uid, .dodged, at: now)
            return match
        }
        XCTAssertEqual(try QueueStateUseCase(storage: storage)(me: me.uid).status, .matched)
        _ = try enter(me: me.uid, latitude: 1, longitude: 1, studies: [])
        XCTAssertEqual(try database.latestMatch(of: me.uid)?.isCurrent, false)
        XCTAssertEqual(try database.latestMatch(of: me.uid)?.id, match)
        XCTAssertEqual(try QueueStateUseCase(storage: storage)(me: me.uid).status, .waiting)
    }
}
