import Foundation
import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// A fresh SQLite file with SQL views of its match, request and queue tables.
class MatchDatabaseTestCase: QueueDatabaseTestCase {
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
    override func requestRows() throws -> [String] {
        try rows("SELECT f.uid || '→' || t.uid FROM requests r JOIN users f ON f.id = r.from_id JOIN users t ON t.id = r.to_id ORDER BY 1")
    }

    override func queuedUIDs() throws -> [String] {
        try rows("SELECT uid FROM queue ORDER BY uid")
    }
}
