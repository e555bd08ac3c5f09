import Foundation
import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// How SQLite stores events: rows of their recipient, numbered by the file, gone with them. The
/// behaviour itself: `EventStorageContractTests`.
final class SQLiteStorageEventTests: MatchDatabaseTestCase {
    func testAWithdrawnUsersEventRowsGoWithThem() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        try send("A", "안녕")
        XCTAssertEqual(try rows("SELECT type FROM events WHERE other_uid = 'A' ORDER BY id"), ["request", "message"])
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: id("B"))
        XCTAssertEqual(try rows("SELECT count(*) FROM events WHERE other_uid = 'A'"), ["0"])
    }

    func testAnEventRowHoldsWhatItTells() throws {
        try waitingUsers("A", "B")
        // From where B waits to where A is shown.
        let distance = Int(here.distance(to: try XCTUnwrap(try storage.read { try $0.queueEntry(of: self.id("A")) }).shownCoordinate).rounded())
        try match("A", "B")
        let message = try send("A", "안녕")
        try review("B", "A", [.helpful, .goodManners])
        XCTAssertEqual(
            try rows("""
                SELECT u.uid, e.type, e.created_at, e.other_uid, e.other_nick, e.distance, e.titles, e.message_id, e.chat
                FROM events e JOIN users u ON u.id = e.user_id ORDER BY e.id
                """, columns: 9),
            ["B|request|\(milliseconds(now))|A|A|\(distance)|∅|∅|∅", "A|matched|\(milliseconds(now))|B|B|∅|∅|∅|∅",
             "B|message|\(milliseconds(message.createdAt))|A|A|∅|∅|\(message.id)|안녕",
             "A|reviewed|\(milliseconds(now))|B|B|∅|good-manners,helpful|∅|∅"])
        // Numbered by the file, never reused: the sequence remembers the highest id.
        XCTAssertEqual(try integer("SELECT seq FROM sqlite_sequence WHERE name = 'events'"), 4)
    }
}
