import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// How SQLite stores users: items and comments in tables of their own, gone with the user, and
/// nothing written by a failed change. The behaviour itself: `UserStorageContractTests`.
final class SQLiteStorageUserTests: TemporaryDirectoryTestCase {
    private var database: Database!
    private var storage: SQLiteStorage!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        storage = SQLiteStorage(database: database)
    }

    override func tearDownWithError() throws {
        storage = nil
        database = nil
        try super.tearDownWithError()
    }

    private func insert(_ user: User) throws -> Bool {
        try storage.write { try $0.insert(user) }
    }

    private func rowCounts() throws -> [Int64?] {
        try database.read { connection in
            try ["users", "user_items", "review_comments"].map { try connection.integer("SELECT count(*) FROM \($0)") }
        }
    }

    func testItemsAndCommentsAreRowsOfTheirOwn() throws {
        XCTAssertTrue(try insert(try User.everyField()))
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        // The default items are implied, not stored.
        XCTAssertTrue(try insert(User(
            uid: try UserID("Plain1"), phone: try PhoneNumber("011-123-4567"), email: try Email("p@example.kr"),
            nick: try Nick("plain"), birth: BirthDate(stored: try CalendarDate(year: 2000, month: 2, day: 29)),
            gender: .female, createdAt: Date(timeIntervalSince1970: 1_763_000_000))))
        XCTAssertEqual(try rowCounts(), [2, 4, 2])
    }

    /// A withdrawn account leaves its sanctions under a hash of its number keyed by this file's
    /// own secret, and nothing else: no number, no uid, no name.
    func testSanctionsAreKeptUnderAKeyedHashOfTheNumberAlone() throws {
        var user = try User.everyField()
        user.dodgeCount = 1
        XCTAssertTrue(try insert(user))
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: user.uid)
        XCTAssertEqual(try database.string("SELECT group_concat(name) FROM pragma_table_info('sanctions')"),
                       "phone_key,report_ban,dodge_penalty_until,dodge_num")
        let key = try XCTUnwrap(try database.string("SELECT phone_key FROM sanctions"))
        XCTAssertEqual(key.count, 64)
        XCTAssertTrue(key.allSatisfy(\.isHexDigit))
        XCTAssertEqual(try database.integer("SELECT count(*) FROM sanctions"), 1)
        // Another file keys the same number otherwise: the hash is worth nothing without its key.
        let other = try Database(path: path("other.sqlite"))
        XCTAssertTrue(try SQLiteStorage(database: other).write { try $0.insert(user) })
        try WithdrawUserUseCase(storage: SQLiteStorage(database: other), clock: StoppedClock(testNow))(me: user.uid)
        XCTAssertNotEqual(try other.string("SELECT phone_key FROM sanctions"), key)
    }

    func testARefusedOrFailedWriteLeavesNoRowsAndNoTransaction() throws {
        let user = try User.everyField()
        XCTAssertTrue(try insert(user))
        XCTAssertFalse(try insert(try User.everyField(uid: "Second2", phone: "+821012345678", nick: "second")))
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        XCTAssertThrowsError(try storage.write { transaction in
            var changed = user
            changed.comments.append("never stored")
            changed.sesacCollection.append(1)
            try transaction.update(changed)
            throw DomainError.itemNotOwned
        })
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        XCTAssertFalse(database.isInTransaction)
        try storage.write { try $0.update(try User.everyField(uid: "Nobody", phone: "010-3333-3333")) }
        XCTAssertThrowsError(try UpdateMyPageUseCase(storage: storage)(me: try UserID("Nobody"), MyPageChanges(searchable: true)))
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
    }

    func testAnUpdateAppendsRows() throws {
        var user = try User.everyField()
        XCTAssertTrue(try insert(user))
        user.comments.append("최고예요")
        user.sesacCollection.append(3)
        user.backgroundCollection.append(5)
        try storage.write { try $0.update(user) }
        XCTAssertEqual(try rowCounts(), [1, 6, 3])
        // Storing the same user again adds nothing.
        try storage.write { try $0.update(user) }
        XCTAssertEqual(try rowCounts(), [1, 6, 3])
    }

    func testAnUpdateWritesEveryColumnButTheFixedOnes() throws {
        let user = try User.everyField()
        XCTAssertTrue(try insert(user))
        var changed = user
        changed.email = try Email("new@example.org")
        changed.dodgePenaltyUntil = nil
        changed.searchable = true
        try storage.write { try $0.update(changed) }
        XCTAssertEqual(
            try database.read { try $0.prepare("SELECT uid, phone, email, birth, dodge_penalty_until, searchable, created_at FROM users").first { row in
                (0..<7).map { row.isNull($0) ? "∅" : row.text($0) }
            } },
            ["AbCdEf0123456789GhIjKl4567", "+821012345678", "new@example.org", "1999-02-28", "∅", "1", "1763000000123"])
    }

    func testAwkwardNicksAreStoredAsValuesNotSQL() throws {
        let nicks = ["x');DROP--", "' OR 1=1"]
        for (index, nick) in nicks.enumerated() {
            XCTAssertTrue(try insert(try User.everyField(uid: "N\(index)", phone: "010-5555-000\(index)", nick: nick)))
        }
        XCTAssertEqual(try rowCounts().first, Int64(nicks.count))
        let tables = try database.read { try $0.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.text(0) } }
        XCTAssertTrue(Set(tables).isSuperset(of: ["review_comments", "user_items", "users"]), "\(tables)")
    }

    func testRemovingAUserTakesTheirItemAndCommentRows() throws {
        let user = try User.everyField()
        XCTAssertTrue(try insert(user))
        XCTAssertTrue(try insert(try User.everyField(uid: "Other1", phone: "010-2222-2222", nick: "other")))
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: user.uid)
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
    }

    func testRegisterUseCaseStoresOnlyTheDefaults() throws {
        let register = RegisterUserUseCase(storage: storage, clock: StoppedClock(Date(timeIntervalSince1970: 1_795_262_400.5)))
        _ = try register(.init(
            phone: "010-1234-5678", nick: "새싹", birth: try CalendarDate(year: 2000, month: 1, day: 1),
            email: "a@example.com", gender: .female))
        XCTAssertThrowsError(try register(.init(
            phone: "+821012345678", nick: "other", birth: try CalendarDate(year: 2000, month: 1, day: 1),
            email: "b@example.com", gender: .male)))
        XCTAssertEqual(try rowCounts(), [1, 0, 0])
    }
}
