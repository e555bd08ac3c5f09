import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPData

/// How SQLite stores a bulk load: queue and study rows carrying the same documents as entering
/// the queue writes, and foreign keys back on. The behaviour itself: `PopulationRepositoryContractTests`.
final class SQLitePopulationRepositoryTests: QueueDatabaseTestCase {
    private var seed: SeedPopulationUseCase!

    override func setUpWithError() throws {
        try super.setUpWithError()
        seed = SeedPopulationUseCase(population: population, clock: StoppedClock(queueTestNow))
    }

    override func tearDownWithError() throws {
        seed = nil
        try super.tearDownWithError()
    }

    func testSeededUsersGetTheQueueRowsEnteringWrites() throws {
        let options = try SeedOptions(count: 300, seed: 4, spreadKilometres: 3)
        let recorder = DrawingRecorder(first: 0)
        try SeedPopulationUseCase(population: recorder, clock: StoppedClock(queueTestNow))(options)
        XCTAssertEqual(try seed(options), 300)
        let studyCount = recorder.added.map(\.entry.studies.studies.count).reduce(0, +)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies"), Int64(studyCount))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 300)
        XCTAssertEqual(try integer("PRAGMA foreign_keys"), 1, "foreign keys are back on after the bulk load")
        // The queue's copy of each profile equals what entering the queue writes.
        let documents = try database.read { connection in
            try connection.prepare("SELECT uid, traits, card FROM queue").map { ($0.text(0), $0.int64(1), $0.text(2)) }
        }
        let added = Dictionary(uniqueKeysWithValues: recorder.added.map { ($0.user.uid.rawValue, $0) })
        XCTAssertEqual(documents.count, 300)
        for (uid, traits, card) in documents {
            let waiting = try XCTUnwrap(added[uid])
            XCTAssertEqual(traits, try QueueTraits(of: waiting.user).packed(), uid)
            XCTAssertEqual(card, try QueueCard.card(of: waiting.user, studies: waiting.entry.studies), uid)
        }
        // Each study row carries the same document as its queue row.
        XCTAssertEqual(try integer("""
            SELECT count(*) FROM queue_studies s JOIN queue q USING (cell, user_id)
            WHERE s.card = q.card AND s.traits = q.traits AND s.lat = q.lat AND s.long = q.long
            """), Int64(studyCount))
    }

    func testSecondRunContinuesThePhoneNumbers() throws {
        try seed(try SeedOptions(count: 120, seed: 3))
        try seed(try SeedOptions(count: 80, seed: 3))
        XCTAssertEqual(try integer("SELECT count(DISTINCT uid) FROM users"), 200)
        XCTAssertEqual(try database.read { try $0.prepare("SELECT min(phone), max(phone) FROM users").first { [$0.text(0), $0.text(1)] } },
                       ["+821900000000", "+821900000199"])
    }

    func testARealUserWithASyntheticLookingNumberIsKeptAndSkipped() throws {
        let real = User(
            uid: try UserID("Real019"), phone: try PhoneNumber("019-0000-0001"), email: try Email("real@example.com"),
            nick: try Nick("진짜"), birth: BirthDate(stored: try CalendarDate(year: 1990, month: 1, day: 1)), gender: .male,
            createdAt: queueTestNow)
        XCTAssertTrue(try write { try $0.insert(real) })
        try seed(try SeedOptions(count: 3, seed: 9))
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 3)
        try seed(try SeedOptions(count: 2, seed: 9))
        XCTAssertEqual(try integer("SELECT count(*) FROM users"), 6)
    }

    func testSeededUsersLeaveAndWithdrawLikeAnyoneElse() throws {
        let recorder = DrawingRecorder(first: 0)
        let options = try SeedOptions(count: 20, seed: 8, spreadKilometres: 1)
        try SeedPopulationUseCase(population: recorder, clock: StoppedClock(queueTestNow))(options)
        try seed(options)
        let first = recorder.added[0].user.uid, second = recorder.added[1].user.uid
        let studies = Int64(recorder.added[0].entry.studies.studies.count + recorder.added[1].entry.studies.studies.count)
        let before = try integer("SELECT count(*) FROM queue_studies")
        XCTAssertTrue(try LeaveQueueUseCase(storage: storage)(me: first))
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: second)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue"), 18)
        XCTAssertEqual(try integer("SELECT count(*) FROM queue_studies"), before - studies)
    }
}
