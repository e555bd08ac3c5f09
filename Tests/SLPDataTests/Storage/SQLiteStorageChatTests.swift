import Foundation
import SLPData
import SLPDomain
import XCTest

/// How SQLite stores messages: rows numbered within their match. The behaviour itself:
/// `ChatStorageContractTests`.
final class SQLiteStorageChatTests: MatchDatabaseTestCase {
    func testAMessageIsARowNumberedWithinItsMatch() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try send("A", "안녕하세요")
        try send("B", "반가워요")
        XCTAssertThrowsError(try write { transaction in
            try transaction.insert(ChatMessage(
                id: MessageID(conversation: 1, sequence: 3), from: self.id("A"), to: self.id("B"), text: "x", createdAt: self.now))
            throw PlannedFailure()
        })
        XCTAssertEqual(try count("messages"), 2)
        XCTAssertEqual(
            try rows("SELECT match_id, seq, from_uid, to_uid, chat, created_at FROM messages ORDER BY seq", columns: 6),
            ["1|1|A|B|안녕하세요|\(milliseconds(now))", "1|2|B|A|반가워요|\(milliseconds(now) + 1)"])
        try send("A", "m3")
        try dodge("A")
        try requeue("B")
        try match("B", "C")
        try send("C", "hello")
        XCTAssertEqual(try rows("SELECT match_id || ':' || seq FROM messages ORDER BY match_id, seq"), ["1:1", "1:2", "1:3", "2:1"])
    }
}
