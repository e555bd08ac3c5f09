import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// `UserRecord` is the one place that maps `User` to the `users` row and back: every column of
/// the row is one it writes (but the row's own bookkeeping), and values at their edges come back
/// as they went in. Every field at once: `UserStorageContractTests`.
final class UserRecordTests: StorageContractTestCase {
    /// The columns of `users` on the SQL backend now running.
    private func userColumns() throws -> Set<String> {
        if let sqlite = storage as? SQLiteStorage {
            return Set(try sqlite.database.read { try $0.prepare("SELECT name FROM pragma_table_info('users')").map { $0.text(0) } })
        }
        #if PostgreSQL
        if let postgreSQL = storage as? PGStorage {
            return Set(try postgreSQL.database.read { connection in
                try connection.execute("""
                    SELECT column_name FROM information_schema.columns WHERE table_schema = 'slp' AND table_name = 'users'
                    """).map { $0.text(0) }
            })
        }
        #endif
        XCTFail("not an SQL backend: \(type(of: storage))")
        return []
    }

    func testEveryColumnOfUsersButTheBookkeepingIsWrittenFromTheUser() {
        forEachBackend(StorageBackend.sql) {
            let written = Set(UserRecord.columns.names)
            let columns = try userColumns()
            XCTAssertTrue(written.isSubset(of: columns), "\(written.subtracting(columns))")
            // The row id, when a penalty's end is due to be told, and (PostgreSQL) the latest event id.
            XCTAssertTrue(columns.subtracting(written).isSubset(of: ["id", "penalty_event_due", "last_event_id"]), "\(columns.subtracting(written))")
            XCTAssertFalse(columns.contains("reported_num"), "counted from the reports")
            XCTAssertTrue(Set(UserRecord.fixed.names).isSubset(of: written))
            XCTAssertTrue(Set(UserRecord.seeded.names).isSubset(of: written))
        }
    }

    /// Values at the edges of what they may hold, dates before 1970 and far ahead, and texts
    /// that SQL would read otherwise.
    func testValuesAtTheirEdgesRoundTrip() {
        forEachBackend {
            let max = Reputation.maxCount
            let user = User(
                uid: try UserID("Edge1"), phone: try PhoneNumber("019-999-9999"), email: try Email("o'neil+$1@example.com"),
                nick: try Nick("' OR 1=1--"), birth: BirthDate(stored: try CalendarDate(year: 1900, month: 2, day: 28)),
                gender: .female, study: try FavoriteStudy("a\\b 'c' \"d\" %_"),
                comments: ["", "줄\n바꿈\t탭", String(repeating: "긴", count: 500), "$1 ?1 :name"],
                reputation: try Reputation(counts: [max, 0, max, 1, max - 1, max]), sesac: 4, sesacCollection: [0, 1, 2, 3, 4],
                background: 0, backgroundCollection: [0, 1, 2, 3, 4, 5, 6, 7],
                dodgePenaltyUntil: Date(timeIntervalSince1970: 4_102_444_800.999), dodgeCount: Int(Int32.max),
                ageRange: try AgeRange(min: 65, max: 65), searchable: true,
                createdAt: Date(timeIntervalSince1970: -0.001))
            XCTAssertTrue(try write { try $0.insert(user) })
            XCTAssertEqual(try read { try $0.user(user.uid) }, user)
            XCTAssertEqual(try read { try $0.user(phone: user.phone) }, user)
        }
    }
}
