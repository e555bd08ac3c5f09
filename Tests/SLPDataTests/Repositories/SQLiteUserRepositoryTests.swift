import Foundation
@testable import SLPData
import SLPDomain
import XCTest

/// How SQLite stores users: items and comments in tables of their own, gone with the user, and
/// nothing written by a failed change. The behaviour itself: `UserRepositoryContractTests`.
final class SQLiteUserRepositoryTests: TemporaryDirectoryTestCase {
    private var database: Database!
    private var users: SQLiteUserRepository!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        users = SQLiteUserRepository(database: database)
    }

    override func tearDownWithError() throws {
        users = nil
        database = nil
        try super.tearDownWithError()
    }

    /// A user with four items beyond the defaults and two comments.
    private func makeUser(uid: String = "AbCdEf0123456789GhIjKl4567", phone: String = "010-1234-5678", nick: String = "새싹러버") throws -> User {
        User(
            uid: try UserID(uid), phone: try PhoneNumber(phone), email: try Email("Sesac.User@example.com"),
            nick: try Nick(nick), birth: BirthDate(stored: try CalendarDate(year: 1999, month: 2, day: 28)),
            gender: .male, study: try FavoriteStudy("Swift & iOS"), comments: ["좋아요", "it's \"great\""],
            reputation: try Reputation(counts: [1, 0, 2, 0, 3, 4]), sesac: 2, sesacCollection: [0, 2, 4],
            background: 7, backgroundCollection: [0, 1, 7], reportedCount: 1,
            dodgePenaltyUntil: Date(timeIntervalSince1970: 1_763_000_120.456), dodgeCount: 2,
            ageRange: try AgeRange(min: 20, max: 35), searchable: false,
            createdAt: Date(timeIntervalSince1970: 1_763_000_000.123))
    }

    private func rowCounts() throws -> [Int64?] {
        try database.read { connection in
            try ["users", "user_items", "review_comments"].map { try connection.integer("SELECT count(*) FROM \($0)") }
        }
    }

    func testItemsAndCommentsAreRowsOfTheirOwn() throws {
        try users.add(try makeUser())
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        // The default items are implied, not stored.
        try users.add(User(
            uid: try UserID("Plain1"), phone: try PhoneNumber("011-123-4567"), email: try Email("p@example.kr"),
            nick: try Nick("plain"), birth: BirthDate(stored: try CalendarDate(year: 2000, month: 2, day: 29)),
            gender: .female, createdAt: Date(timeIntervalSince1970: 1_763_000_000)))
        XCTAssertEqual(try rowCounts(), [2, 4, 2])
    }

    func testARefusedOrFailedWriteLeavesNoRowsAndNoTransaction() throws {
        try users.add(try makeUser())
        XCTAssertThrowsError(try users.add(try makeUser(uid: "Second2", phone: "+821012345678", nick: "second")))
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        XCTAssertThrowsError(try users.update(uid: try UserID("AbCdEf0123456789GhIjKl4567")) { user in
            user.comments.append("never stored")
            user.sesacCollection.append(1)
            throw DomainError.itemNotOwned
        })
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
        XCTAssertFalse(database.isInTransaction)
        XCTAssertThrowsError(try users.update(uid: try UserID("Nobody")) { _ in })
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
    }

    func testAnUpdateAppendsRows() throws {
        let user = try makeUser()
        try users.add(user)
        _ = try users.update(uid: user.uid) { user in
            user.comments.append("최고예요")
            user.sesacCollection.append(3)
            user.backgroundCollection.append(5)
        }
        XCTAssertEqual(try rowCounts(), [1, 6, 3])
    }

    func testAwkwardNicksAreStoredAsValuesNotSQL() throws {
        let nicks = ["x');DROP--", "' OR 1=1"]
        for (index, nick) in nicks.enumerated() {
            try users.add(try makeUser(uid: "N\(index)", phone: "010-5555-000\(index)", nick: nick))
        }
        XCTAssertEqual(try rowCounts().first, Int64(nicks.count))
        let tables = try database.read { try $0.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.text(0) } }
        XCTAssertTrue(Set(tables).isSuperset(of: ["review_comments", "user_items", "users"]), "\(tables)")
    }

    func testRemovingAUserTakesTheirItemAndCommentRows() throws {
        let user = try makeUser()
        try users.add(user)
        try users.add(try makeUser(uid: "Other1", phone: "010-2222-2222", nick: "other"))
        XCTAssertTrue(try users.remove(uid: user.uid))
        XCTAssertEqual(try rowCounts(), [1, 4, 2])
    }

    func testRegisterUseCaseStoresOnlyTheDefaults() throws {
        struct Clock: TimeProvider { let now = Date(timeIntervalSince1970: 1_795_262_400.5) }
        let register = RegisterUserUseCase(users: users, clock: Clock())
        _ = try register(.init(
            phone: "010-1234-5678", nick: "새싹", birth: try CalendarDate(year: 2000, month: 1, day: 1),
            email: "a@example.com", gender: .female))
        XCTAssertThrowsError(try register(.init(
            phone: "+821012345678", nick: "other", birth: try CalendarDate(year: 2000, month: 1, day: 1),
            email: "b@example.com", gender: .male)))
        XCTAssertEqual(try rowCounts(), [1, 0, 0])
    }
}
