import Foundation
import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// 2026-11-21T09:30:00.000Z, the day every queue and search test happens on.
let queueTestNow = testNow

/// A fresh slp database with the user, queue and search repositories, and helpers to place
/// people and to check search against a brute-force scan.
class QueueDatabaseTestCase: TemporaryDirectoryTestCase {
    private(set) var database: Database!
    private(set) var users: SQLiteUserRepository!
    private(set) var queue: SQLiteQueueRepository!
    private(set) var search: SQLiteSearchRepository!
    private var phones = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        users = SQLiteUserRepository(database: database)
        queue = SQLiteQueueRepository(database: database)
        search = SQLiteSearchRepository(database: database)
    }

    override func tearDownWithError() throws {
        search = nil
        queue = nil
        users = nil
        database = nil
        try super.tearDownWithError()
    }

    /// Registers a user with a fresh 010 number.
    @discardableResult
    func register(
        _ uid: String, nick: String? = nil, gender: Gender = .female, birth: (Int, Int, Int) = (1998, 3, 14),
        ages: (Int, Int) = (18, 65), searchable: Bool = true
    ) throws -> User {
        phones += 1
        let digits = String(phones)
        let user = User(
            uid: try UserID(uid), phone: try PhoneNumber("010" + String(repeating: "0", count: 8 - digits.count) + digits),
            email: try Email("\(uid.lowercased())@example.com"), nick: try Nick(nick ?? String(uid.prefix(10))),
            birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)), gender: gender,
            ageRange: try AgeRange(min: ages.0, max: ages.1), searchable: searchable, createdAt: queueTestNow)
        try users.add(user)
        return user
    }

    /// Puts a registered user in the queue.
    @discardableResult
    func enter(_ uid: String, at coordinate: Coordinate, studies: [String] = [], now: Date = queueTestNow) throws -> QueueEntry {
        try queue.enter(try UserID(uid), at: coordinate, studies: try StudyList(parsing: studies), now: now) { _ in }
    }

    /// Registers and queues in one go.
    @discardableResult
    func waiting(_ uid: String, at coordinate: Coordinate, studies: [String] = [], gender: Gender = .female) throws -> QueueEntry {
        try register(uid, gender: gender)
        return try enter(uid, at: coordinate, studies: studies)
    }

    /// The first column of the first row of `sql` as an integer.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64 {
        try database.read { try $0.prepare(sql).first(values) { $0.int64(0) } } ?? -1
    }

    /// The internal row id of a user.
    func internalID(_ uid: String) throws -> Int64 {
        try integer("SELECT id FROM users WHERE uid = ?", [.text(uid)])
    }

    /// The person rules of a searcher born on 1996-05-05 (30 on `queueTestNow`) who accepts every
    /// age and gender: they admit everyone searchable whose partner ages include 30.
    func criteria(gender: Gender? = nil, ages: (Int, Int) = (18, 65), born birth: (Int, Int, Int) = (1996, 5, 5)) throws -> SearchCriteria {
        let me = User(
            uid: try UserID("Searcher"), phone: try PhoneNumber("010-9999-9999"), email: try Email("searcher@example.com"),
            nick: try Nick("searcher"), birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)),
            gender: .female, ageRange: try AgeRange(min: ages.0, max: ages.1), createdAt: queueTestNow)
        return SearchCriteria(me: me, today: CalendarDate(utcDayOf: queueTestNow), gender: gender)
    }

    /// Search as the repository answers it.
    func nearby(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil
    ) throws -> [NearbyUser] {
        let query = NearbyQuery(
            center: center, radius: radius, study: try study.map { try Study($0) }, criteria: try criteria ?? self.criteria(),
            excluding: Set(try excluding.map { try UserID($0) }), limit: limit)
        return try search.nearby(query)
    }

    func uids(_ users: [NearbyUser]) -> [String] { users.map(\.uid.rawValue) }

    /// Every waiting user, read with plain SQL (profile rules from `users`, not the queue's copy).
    func scanQueue() throws -> [ScannedUser] {
        try database.read { connection in
            try connection.prepare("""
                SELECT q.uid, q.lat, q.long, q.studies, u.gender, u.birth, u.age_min, u.age_max, u.searchable, u.phone, u.email, u.nick
                FROM queue q JOIN users u ON u.id = q.user_id
                """).map { row in
                    let birth = row.text(5).split(separator: "-").map { Int($0)! }
                    let user = User(
                        uid: try UserID(row.text(0)), phone: try PhoneNumber(row.text(9)), email: try Email(row.text(10)),
                        nick: try Nick(row.text(11)),
                        birth: BirthDate(stored: try CalendarDate(year: birth[0], month: birth[1], day: birth[2])),
                        gender: row.int(4) == 0 ? .female : .male, ageRange: try AgeRange(min: row.int(6), max: row.int(7)),
                        searchable: row.bool(8), createdAt: queueTestNow)
                    return ScannedUser(
                        uid: row.text(0), coordinate: try Coordinate(latitude: row.double(1), longitude: row.double(2)),
                        studies: try StudyList(parsing: [row.text(3)]), user: user)
                }
        }
    }

    /// What search must find, by brute force: uid and distance, nearest first (ties by uid).
    func bruteForce(
        _ scanned: [ScannedUser], center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [],
        criteria: SearchCriteria? = nil
    ) throws -> [(uid: String, distance: Double)] {
        BruteForceSearch.nearby(
            scanned, center: center, radius: radius, study: try study.map { try Study($0) }, excluding: excluding,
            criteria: try criteria ?? self.criteria())
    }

    /// Asserts that search finds exactly what the brute-force scan finds, in order, with its distances.
    func assertMatchesBruteForce(
        _ center: Coordinate, radius: Double, study: String? = nil, excluding: Set<String> = [], limit: Int? = nil,
        criteria: SearchCriteria? = nil, scanned: [ScannedUser]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scanned = try scanned ?? scanQueue()
        var expected = try bruteForce(scanned, center: center, radius: radius, study: study, excluding: excluding, criteria: criteria)
        if let limit { expected = Array(expected.prefix(limit)) }
        let found = try nearby(center, radius: radius, study: study, excluding: excluding, limit: limit, criteria: criteria)
        let context = "center \(center), radius \(radius), study \(study ?? "-"), limit \(limit.map(String.init) ?? "-")"
        XCTAssertEqual(uids(found), expected.map(\.uid), context, file: file, line: line)
        XCTAssertEqual(found.map(\.distance), expected.map(\.distance), context, file: file, line: line)
        for user in found {
            XCTAssertEqual(user.distance, center.distance(to: user.coordinate), context, file: file, line: line)
        }
        XCTAssertEqual(Set(uids(found)).count, found.count, "no duplicates: \(context)", file: file, line: line)
    }
}
