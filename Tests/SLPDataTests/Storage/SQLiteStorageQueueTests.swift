import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// How SQLite keeps the queue: one `queue_studies` row per listed study (by key), kept in step
/// by triggers, and the packed traits. The behaviour itself: `QueueStorageContractTests`.
final class SQLiteStorageQueueTests: QueueDatabaseTestCase {
    private let seoul = Coordinate.at(37.5665, 126.9780)
    private let busan = Coordinate.at(35.1796, 129.0756)

    private func studyRows() throws -> [String] {
        try database.read { try $0.prepare("SELECT study FROM queue_studies ORDER BY study").map { $0.text(0) } }
    }

    func testEnterStoresOneStudyRowPerKey() throws {
        try register("Me1")
        try enter("Me1", at: seoul, studies: ["Swift", "알고리즘", "ＲＥＡＣＴ"])
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 1)
        XCTAssertEqual(try studyRows(), ["react", "swift", "알고리즘"])
    }

    func testNoStudiesIsStoredAsAnything() throws {
        try register("Me1")
        try enter("Me1", at: seoul)
        XCTAssertEqual(try studyRows(), ["anything"])
    }

    func testRefusalsWriteNoRows() throws {
        XCTAssertThrowsError(try enter("Nobody", at: seoul))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 0)
        let me = try register("Me1")
        try enter("Me1", at: seoul, studies: ["java"])
        for reporter in ["R1", "R2", "R3"] {
            let user = try register(reporter)
            try write { try $0.insertReport(by: user.uid, of: me.uid, reason: .rude, comment: nil, at: self.now) }
        }
        XCTAssertThrowsError(try enter("Me1", at: busan, studies: ["python"]))
        XCTAssertEqual(try studyRows(), ["java"])
        let penalised = try register("Penalised2")
        try change("Penalised2") { $0.dodgeCount = 2; $0.dodgePenaltyUntil = queueTestNow.addingTimeInterval(75.5) }
        XCTAssertThrowsError(try EnterQueueUseCase(storage: storage, clock: StoppedClock(queueTestNow))(
            me: penalised.uid, latitude: 1, longitude: 1, studies: []))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 1)
        // A write that fails after moving the user leaves the rows as they were.
        XCTAssertThrowsError(try write { transaction in
            try transaction.putInQueue(.stub("Me1", at: self.busan, studies: ["python", "go"]), of: me)
            throw PlannedFailure()
        })
        XCTAssertEqual(try studyRows(), ["java"])
        XCTAssertEqual(try integer("SELECT count(*) FROM queue WHERE lat = ?", [.real(seoul.latitude)]), 1)
    }

    func testRefreshReplacesTheStudyRows() throws {
        try register("Me1")
        try waiting("Other2", at: seoul, studies: ["swift"])
        try enter("Me1", at: seoul, studies: ["swift", "java"])
        XCTAssertEqual(try studyRows(), ["java", "swift", "swift"])
        try enter("Me1", at: busan, studies: ["python"], now: queueTestNow.addingTimeInterval(60))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 2)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies WHERE user_id = ?", [.integer(try internalID("Me1"))]), 1)
        XCTAssertEqual(try studyRows(), ["python", "swift"])
    }

    func testRefreshInTheSameCellWithAwkwardStudyKeysLeavesNoStaleRows() throws {
        try register("Me1")
        // Quotes and backslashes are escaped in the JSON the trigger reads back.
        try enter("Me1", at: seoul, studies: ["a\"b", "c\\d", "Ｘ", "x'y", "[1]"])
        XCTAssertEqual(try studyRows().count, 5)
        try enter("Me1", at: seoul.moved(1), studies: ["e\"f"])
        XCTAssertEqual(try studyRows(), ["e\"f"])
        XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: id("Me1")))
        XCTAssertEqual(try studyRows(), [])
    }

    func testLeaveRemovesTheRowAndItsStudies() throws {
        try register("Me1")
        try waiting("Other2", at: seoul, studies: ["swift"])
        try enter("Me1", at: seoul, studies: ["swift", "java", "go"])
        XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: id("Me1")))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies WHERE user_id = ?", [.integer(try internalID("Me1"))]), 0)
        XCTAssertEqual(try studyRows(), ["swift"])
    }

    func testWithdrawalTakesTheQueueRowAndItsStudiesWithIt() throws {
        try register("Me1")
        try waiting("Other2", at: seoul, studies: ["swift"])
        try enter("Me1", at: seoul, studies: ["swift", "java"])
        let id = try internalID("Me1")
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: self.id("Me1"))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue WHERE user_id = ?", [.integer(id)]), 0)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies WHERE user_id = ?", [.integer(id)]), 0)
        XCTAssertEqual(try studyRows(), ["swift"])
    }

    func testAProfileUpdateOfSomeoneNotWaitingWritesNoQueueRow() throws {
        let me = try register("Me1")
        _ = try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(searchable: false))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 0)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies"), 0)
    }

    func testQueueDocumentBirthDayIsTheCalendarDayCount() throws {
        let births = [(1960, 2, 29), (1969, 12, 31), (1970, 1, 1), (1958, 1, 1), (2008, 2, 29), (1999, 12, 31)]
        for (index, birth) in births.enumerated() {
            try register("B\(index)", birth: birth)
            try enter("B\(index)", at: .at(37.5, 127))
            let expected = try CalendarDate(year: birth.0, month: birth.1, day: birth.2).daysSinceEpoch
            let traits = QueueTraits(packed: try integer("SELECT traits FROM queue WHERE uid = ?", [.text("B\(index)")]))
            XCTAssertEqual(traits.birthDay, expected, "\(birth)")
        }
    }
}
