import Foundation
import SLPData
import SLPDomain
import XCTest

/// How SQLite stores events: rows of their recipient, gone with them. The behaviour itself:
/// `EventRepositoryContractTests`.
final class SQLiteEventRepositoryTests: MatchDatabaseTestCase {
    func testAWithdrawnUsersEventRowsGoWithThem() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        _ = try chats.send(from: id("A"), text: "안녕", at: now) { try ChatRules.send($0) }
        XCTAssertEqual(try rows("SELECT count(*) FROM events WHERE other_uid = 'A'"), ["2"])
        XCTAssertTrue(try users.remove(uid: id("B")))
        XCTAssertEqual(try rows("SELECT count(*) FROM events WHERE other_uid = 'A'"), ["0"])
    }
}
