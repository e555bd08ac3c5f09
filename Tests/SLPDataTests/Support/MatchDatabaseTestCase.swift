import Foundation
import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// A fresh slp database with the match and chat repositories too, and helpers that drive
/// matches through the domain's own rules.
class MatchDatabaseTestCase: QueueDatabaseTestCase {
    private(set) var matches: SQLiteMatchRepository!
    private(set) var chats: SQLiteChatRepository!
    let here = Coordinate.at(37.5665, 126.9780)
    /// A time with milliseconds, to prove they are kept.
    let now = Date(timeIntervalSince1970: 1_795_253_400.125)

    override func setUpWithError() throws {
        try super.setUpWithError()
        matches = SQLiteMatchRepository(database: database)
        chats = SQLiteChatRepository(database: database)
    }

    override func tearDownWithError() throws {
        chats = nil
        matches = nil
        try super.tearDownWithError()
    }

    func id(_ uid: String) -> UserID { try! UserID(uid) }

    func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    /// Registers users and puts them all in the queue.
    func waitingUsers(_ uids: String...) throws {
        for uid in uids { try waiting(uid, at: here) }
    }

    @discardableResult
    func request(_ me: String, _ other: String, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now, MatchRules.request)
    }

    @discardableResult
    func accept(_ me: String, _ other: String, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now, MatchRules.accept)
    }

    /// Matches two waiting users through a request and an accept.
    func match(_ a: String, _ b: String, at time: Date? = nil) throws {
        try request(a, b, at: time)
        try accept(b, a, at: time)
    }

    @discardableResult
    func dodge(_ me: String, at time: Date? = nil) throws -> (DodgeDecision, MatchView) {
        let time = time ?? now
        return try matches.dodge(id(me), at: time) { try MatchRules.dodge($0, now: time) }
    }

    @discardableResult
    func review(_ me: String, _ other: String, _ titles: Set<ReputationTitle> = [.kind], comment: String? = nil, at time: Date? = nil) throws -> PairSnapshot {
        try matches.decide(id(me), id(other), at: time ?? now) { try MatchRules.review($0, titles: titles, comment: comment) }
    }

    /// Enters the queue through the domain's rule, as `slp queue` does.
    func enterChecked(_ uid: String, at time: Date? = nil) throws {
        let time = time ?? now
        _ = try queue.enter(id(uid), at: here, studies: .anything, now: time) { try MatchRules.enterQueue($0, now: time) }
    }

    func count(_ table: String) throws -> Int64 { try integer("SELECT count(*) FROM \(table)") }

    /// Every row of `sql`, each as its columns joined with `|` (NULL as `∅`).
    func rows(_ sql: String, columns: Int = 1, _ values: [SQLiteValue] = []) throws -> [String] {
        try database.read { connection in
            try connection.prepare(sql).map(values) { row in
                (0..<columns).map { row.isNull($0) ? "∅" : row.text($0) }.joined(separator: "|")
            }
        }
    }

    /// match|uid|partner uid|partner_uid|ending|reviewed_partner|is_current for every member row, in match order.
    func memberRows() throws -> [String] {
        try rows("""
            SELECT m.match_id, u.uid, p.uid, m.partner_uid, m.ending, m.reviewed_partner, m.is_current
            FROM match_members m JOIN users u ON u.id = m.user_id LEFT JOIN users p ON p.id = m.partner_id
            ORDER BY m.match_id, u.uid
            """, columns: 7)
    }

    /// from→to for every open request, sorted.
    func requestRows() throws -> [String] {
        try rows("SELECT f.uid || '→' || t.uid FROM requests r JOIN users f ON f.id = r.from_id JOIN users t ON t.id = r.to_id ORDER BY 1")
    }

    func queuedUIDs() throws -> [String] {
        try rows("SELECT uid FROM queue ORDER BY uid")
    }
}
