import Foundation
import SLPData
#if PostgreSQL
import SLPPrivateCluster
#endif
import SLPTestSupport
import XCTest

/// 8 processes firing random requests, accepts, dodges and re-queues at 20 users at once: afterwards
/// nobody is in two matches, both members see the same match, no process hit a storage error, and
/// the stored rows say the same (read straight from the SQLite file or the PostgreSQL database),
/// on every backend. The choices are seeded (`SLP_TEST_SEED` replays them).
final class MatchRaceCLITests: XCTestCase {
    func testConcurrentRequestsAndAcceptsNeverDoubleMatch() throws {
        let seed = try randomSeed()
        TestBackend.each(self) { backend, database, _ in
            try race(on: backend, database, seed: seed)
        }
    }

    private func race(on backend: TestBackend, _ database: String, seed: TestSeed) throws {
        let slp = SLPBinary(database: database)
        var uids: [String] = []
        for index in 0..<20 {
            let phone = "010-6666-\(1000 + index)"
            let result = try slp.run(["register", "--phone", phone, "--nick", "r\(index)", "--birth", "1990-01-01",
                                      "--email", "r@example.com", "--gender", index % 2 == 0 ? "female" : "male"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let uid = result.stdout.trimmingCharacters(in: .newlines)
            uids.append(uid)
            XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5", "--long", "127.0").status, 0)
        }
        // Without its 20 users there is no race to run.
        guard Set(uids).count == 20, !uids.contains("") else { return XCTFail("the users could not be registered") }
        let processes = 8, operationsPerProcess = 40
        let outcomes = UnsafeMutableBufferPointer<[Result<SLPBinary.Result, any Error>]>.allocate(capacity: processes)
        outcomes.initialize(repeating: [])
        defer { outcomes.deallocate() }
        nonisolated(unsafe) let shared = outcomes
        let everyone = uids
        DispatchQueue.concurrentPerform(iterations: processes) { worker in
            var random = seed.generator(UInt64(worker))
            var results: [Result<SLPBinary.Result, any Error>] = []
            for _ in 0..<operationsPerProcess {
                let me = everyone.randomElement(using: &random)!
                let other = everyone.filter { $0 != me }.randomElement(using: &random)!
                // Mostly requests and accepts; some cancel and queue again, so matches keep forming.
                let arguments: [String]
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4: arguments = ["match", "request", other]
                case 4..<8: arguments = ["match", "accept", other]
                case 8: arguments = ["match", "dodge"]
                default: arguments = ["queue", "--lat", "37.5", "--long", "127.0"]
                }
                results.append(Result { try slp.run(["--json"] + arguments + ["--as", me]) })
            }
            shared[worker] = results
        }
        var all: [SLPBinary.Result] = []
        for outcome in outcomes.flatMap({ $0 }) {
            do {
                all.append(try outcome.get())
            } catch {
                XCTFail("an slp process of the race did not end: \(error)")
            }
        }
        XCTAssertEqual(all.count, processes * operationsPerProcess, "every process ran")
        let ruleCodes: Set<String> = [
            "already_matched", "other_matched", "other_not_searching", "no_request", "not_searching", "not_partner", "dodge_penalty",
        ]
        for result in all where result.status != 0 {
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(ruleCodes.contains((try? result.jsonError()["code"] as? String) ?? ""), result.stderr)
        }
        XCTAssertGreaterThan(all.filter { $0.status == 0 }.count, 0)

        // Both members see the same match while it is on. (After a dodge the one left behind
        // still sees it, marked dodged, while the dodger has moved on: that is by design.)
        var partnerOf: [String: String] = [:]
        for uid in uids {
            let state = try slp.run("--json", "queue", "status", "--as", uid).jsonObject()
            if state["status"] as? String == "matched", state["dodged"] as? Int == 0, state["reviewed"] as? Int == 0 {
                partnerOf[uid] = state["matchedUid"] as? String
            }
        }
        XCTAssertGreaterThan(all.filter { $0.stdout.contains(#""matched":1"#) }.count, 0, "some pairs matched")
        for (uid, partner) in partnerOf {
            XCTAssertEqual(partnerOf[partner], uid, "\(uid) sees \(partner), who must see \(uid)")
        }

        // The stored rows agree: at most one current match per user, two members per match, each
        // the other's partner, nobody matched still waiting.
        let invariants: [(what: String, sql: String)] = [
            ("users in two current matches", "SELECT count(*) FROM (SELECT user_id FROM match_members WHERE is_current GROUP BY user_id HAVING count(*) > 1) AS twice"),
            ("matches without exactly two members", "SELECT count(*) FROM (SELECT match_id FROM match_members GROUP BY match_id HAVING count(*) != 2) AS odd"),
            ("members whose partner is not their partner's", """
                SELECT count(*) FROM match_members m WHERE NOT EXISTS (SELECT 1 FROM match_members p
                    WHERE p.match_id = m.match_id AND p.user_id = m.partner_id AND p.partner_id = m.user_id)
                """),
            ("matched users still waiting", "SELECT count(*) FROM match_members m JOIN queue q ON q.user_id = m.user_id WHERE m.is_current"),
            ("matches", "SELECT count(*) FROM matches"),
        ]
        var counts: [String: Int] = [:]
        switch backend {
        case .sqlite:
            let file = try Database(path: database)
            for (what, sql) in invariants {
                counts[what] = try file.read { try $0.prepare(sql).first { $0.int(0) } }
            }
            XCTAssertEqual(try file.read { try $0.prepare("PRAGMA integrity_check").first { $0.text(0) } }, "ok")
        #if PostgreSQL
        case .postgreSQL:
            let cluster = try PrivateCluster.shared()
            for (what, sql) in invariants {
                let value = try cluster.query("SET search_path = slp; " + sql, on: database).first?.first ?? nil
                counts[what] = value.flatMap { Int($0) }
            }
        #endif
        }
        for (what, _) in invariants where what != "matches" {
            XCTAssertEqual(counts[what], 0, "\(backend): \(what)")
        }
        XCTAssertGreaterThan(counts["matches"] ?? 0, 0, "\(backend): some pairs matched")
    }
}
