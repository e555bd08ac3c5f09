#if PostgreSQL
import Foundation
import SLPSupport
import SLPPrivateCluster
import XCTest

/// What only a PostgreSQL store has: connections that fail (exit 74, one line naming the
/// database and host, never the password), and search answering byte for byte as on SQLite.
final class PostgreSQLCLITests: XCTestCase {
    private let now = "2026-11-21T09:30:00.000Z"

    func testAWrongPasswordNoServerAndAMissingDatabaseExit74InOneLineWithoutThePassword() throws {
        let cluster = try PrivateCluster.shared()
        let wrong = "not-the-" + cluster.password
        let nowhere = "/tmp/slp-no-server-\(UUID().uuidString.lowercased())"
        let missing = "slp_missing_\(UInt32.random(in: 0...UInt32.max))"
        let cases: [(what: String, url: String, database: String, host: String)] = [
            ("a wrong password", cluster.url(database: "postgres", password: wrong), "postgres", cluster.directory),
            ("no server", "postgresql:///slp?host=\(nowhere)&user=\(cluster.user)&password=\(wrong)&connect_timeout=2", "slp", nowhere),
            ("a missing database", cluster.url(database: missing), missing, cluster.directory),
        ]
        let commands = [["user", "show", "--as", "010-1234-5678"], ["seed", "--users", "1"]]
        for (what, url, database, host) in cases {
            for command in commands {
                // The URL given by SLP_DB and by --db; each in text and in JSON.
                for (environment, options) in [(url, [String]()), (nil, ["--db", url])] {
                    let slp = SLPBinary(database: environment, now: now)
                    for json in [false, true] {
                        let arguments = (json ? ["--json"] : []) + options + command
                        let context = "\(what), \(environment == nil ? "--db" : "SLP_DB"), \(arguments.filter { $0 != url })"
                        let result = try slp.run(arguments)
                        XCTAssertEqual(result.status, 74, "\(context): \(result.stderr)")
                        XCTAssertEqual(result.stdout, "", context)
                        // One `Error:` line; with --json the JSON error line follows it (SPEC, "Errors").
                        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                        XCTAssertEqual(lines.count, json ? 3 : 2, "\(context): \(result.stderr)")
                        XCTAssertEqual(result.errorLines.count, 1, "\(context): \(result.stderr)")
                        XCTAssertEqual(lines.last, "", "\(context): the last line ends: \(result.stderr)")
                        for secret in [cluster.password, wrong] {
                            XCTAssertFalse(result.stdout.contains(secret) || result.stderr.contains(secret), "\(context): the password is shown")
                        }
                        let message: String
                        if json {
                            let error = try result.jsonError()
                            XCTAssertEqual(error["code"] as? String, "storage_error", context)
                            message = error["message"] as? String ?? ""
                        } else {
                            XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(context): \(result.stderr)")
                            message = result.stderr
                        }
                        XCTAssertTrue(message.contains(database) && message.contains(host), "\(context): names neither database nor host: \(message)")
                    }
                }
            }
        }
    }

    /// The same seeded population and the same searcher on both stores, then random searches:
    /// every answer is the same bytes (people, distances, order, requests, recommendations).
    func testSearchAnswersByteForByteAsOnSQLite() throws {
        let directory = try TemporaryDirectory()
        let sqlite = SLPBinary(database: directory.path("parity.sqlite"), now: now)
        let postgreSQL = SLPBinary(database: try PrivateCluster.shared().freshDatabase(), now: now)
        var searchers: [String] = []
        for slp in [sqlite, postgreSQL] {
            searchers.append(try populate(slp))
        }
        // The studies seeded people list, as search shows them.
        let everyone = try sqlite.run("--json", "search", "--as", searchers[0], "--radius", "50000").jsonObject()
        let people = try XCTUnwrap(everyone["fromQueueDB"] as? [[String: Any]])
        XCTAssertGreaterThan(people.count, 1_000)
        let vocabulary = Set(people.flatMap { $0["studylist"] as? [String] ?? [] }).sorted()
        guard vocabulary.count > 10 else { return XCTFail("too few studies to draw from: \(vocabulary)") }

        var random = SplitMix64(seed: 20_261_125)
        var answered = 0
        for query in 0..<60 {
            var arguments = ["--json", "search", "--radius", String(Int.random(in: 100...20_000, using: &random))]
            if Int.random(in: 0..<3, using: &random) > 0 {
                arguments += ["--study", Int.random(in: 0..<10, using: &random) == 0 ? "anything" : vocabulary.randomElement(using: &random)!]
            }
            if Int.random(in: 0..<3, using: &random) == 0 { arguments += ["--gender", Bool.random(using: &random) ? "female" : "male"] }
            if Int.random(in: 0..<4, using: &random) == 0 { arguments += ["--limit", String(Int.random(in: 1...40, using: &random))] }
            if Int.random(in: 0..<3, using: &random) == 0 {
                arguments += ["--lat", String(37.5665 + Double.random(in: -0.1...0.1, using: &random)),
                              "--long", String(126.978 + Double.random(in: -0.1...0.1, using: &random))]
            }
            let onSQLite = try sqlite.run(arguments + ["--as", searchers[0]])
            let onPostgreSQL = try postgreSQL.run(arguments + ["--as", searchers[1]])
            XCTAssertEqual(onSQLite.status, 0, "query \(query) \(arguments): \(onSQLite.stderr)")
            XCTAssertEqual(onPostgreSQL, onSQLite, "query \(query): \(arguments)")
            if onSQLite.stdout.hasPrefix(#"{"fromQueueDB":[{"#) { answered += 1 }
        }
        XCTAssertGreaterThan(answered, 30, "most queries find people")
    }

    /// Seeds the population, then registers and queues the searcher, who meets one seeded person
    /// (only a partner may report) and reports them once both wait again; two seeded people ask
    /// the searcher to study, the searcher narrows partner ages, and one seeded person hides.
    /// The searcher's uid.
    private func populate(_ slp: SLPBinary) throws -> String {
        func run(_ arguments: String...) throws -> SLPBinary.Result {
            let result = try slp.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return result
        }
        _ = try run("seed", "--users", "3000", "--seed", "11")
        let searcher = try run("register", "--phone", "010-5000-0001", "--nick", "탐색", "--birth", "1993-03-03",
                               "--email", "s@example.com", "--gender", "female").stdout.trimmingCharacters(in: .newlines)
        let queueSearcher = ["queue", "--as", searcher, "--lat", "37.5665", "--long", "126.978", "--study", "코딩", "--study", "토익", "--study", "swift"]
        XCTAssertEqual(try slp.run(queueSearcher).status, 0)
        // They ask (a hidden person may ask too), the searcher accepts.
        let reported = try XCTUnwrap(try run("--json", "user", "show", "--as", "019-0000-0042").jsonObject()["uid"] as? String)
        _ = try run("match", "request", searcher, "--as", "019-0000-0042")
        _ = try run("match", "accept", reported, "--as", searcher)
        _ = try run("match", "review", reported, "--as", searcher, "--kind")
        _ = try run("queue", "--as", "019-0000-0042", "--lat", "37.5667", "--long", "126.9782", "--study", "코딩")
        XCTAssertEqual(try slp.run(queueSearcher).status, 0)
        _ = try run("match", "report", reported, "--as", searcher, "--reason", "rude")
        _ = try run("user", "update", "--as", searcher, "--age-min", "22", "--age-max", "45")
        for asker in ["019-0000-0007", "019-0000-0031"] { _ = try run("match", "request", searcher, "--as", asker) }
        _ = try run("user", "update", "--as", "019-0000-0043", "--searchable", "off")
        return searcher
    }
}
#endif
