import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// A fresh SQLite file, for tests of what only this backend has (its tables, its index, its
/// file): the contract's helpers work on its `SQLiteStorage`, and `database` reaches the SQL.
class QueueDatabaseTestCase: StorageContractTestCase {
    private(set) var database: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        use(Store(sqlite: database))
    }

    override func tearDownWithError() throws {
        database = nil
        try super.tearDownWithError()
    }

    /// The first column of the first row of `sql` as an integer.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64 {
        try database.read { try $0.prepare(sql).first(values) { $0.int64(0) } } ?? -1
    }

    /// The internal row id of a user.
    func internalID(_ uid: String) throws -> Int64 {
        try integer("SELECT id FROM users WHERE uid = ?", [.text(uid)])
    }

    /// Every waiting user, read with plain SQL (profile rules from `users`, not the queue's copy).
    override func scanQueue() throws -> [ScannedUser] {
        try database.read { connection in
            try connection.prepare("""
                SELECT q.uid, q.lat, q.long, q.studies, u.gender, u.birth, u.age_min, u.age_max, u.searchable, u.phone, u.email, u.nick,
                    q.shown_lat, q.shown_long
                FROM queue q JOIN users u ON u.id = q.user_id
                """).map { row in
                    let birth = row.text(5).split(separator: "-").map { Int($0)! }
                    let user = User(
                        uid: try UserID(row.text(0)), phone: try PhoneNumber(row.text(9)), email: try Email(row.text(10)),
                        nick: try Nick(row.text(11)),
                        birth: BirthDate(stored: try CalendarDate(year: birth[0], month: birth[1], day: birth[2])),
                        gender: row.int(4) == 0 ? .female : .male, ageRange: try AgeRange(min: row.int(6), max: row.int(7)),
                        searchable: row.bool(8), createdAt: queueTestNow)
                    let coordinate = try Coordinate(latitude: row.double(1), longitude: row.double(2))
                    return ScannedUser(
                        uid: row.text(0), coordinate: coordinate, shown: try Coordinate(latitude: row.double(12), longitude: row.double(13)),
                        studies: try StudyList(parsing: [row.text(3)]), user: user)
                }
        }
    }
}
