import Foundation
import SLPData
import SLPTestSupport
import XCTest

/// 8 writers doing everything at once (register, queue, search, request/accept, chat) and 4
/// readers on one database: nothing acknowledged is lost, nobody sees a storage error, the
/// matching invariants hold and the file is intact.
final class MixedLoadCLITests: XCTestCase {
    private struct Outcome: Sendable {
        let arguments: [String]
        let result: SLPBinary.Result
    }

    func testWritersAndReadersTogether() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("load.sqlite")
        let slp = SLPBinary(database: path, now: nil)
        XCTAssertEqual(try slp.run("seed", "--users", "200", "--spread-km", "1").status, 0)
        let writers = 8, readers = 4, operations = 24
        let outcomes = UnsafeMutableBufferPointer<[Outcome]>.allocate(capacity: writers + readers)
        outcomes.initialize(repeating: [])
        defer { outcomes.deallocate() }
        nonisolated(unsafe) let shared = outcomes
        let seed = try randomSeed()
        DispatchQueue.concurrentPerform(iterations: writers + readers) { worker in
            var random = seed.generator(UInt64(worker))
            var results: [Outcome] = []
            func run(_ arguments: [String]) -> SLPBinary.Result? {
                do {
                    let result = try slp.run(["--json"] + arguments)
                    results.append(Outcome(arguments: arguments, result: result))
                    return result
                } catch {
                    XCTFail("\(arguments): \(error)")
                    return nil
                }
            }
            if worker < writers {
                // Each writer registers its own two users and keeps them busy.
                let phones = ["010-93\(worker)0-0001", "010-93\(worker)0-0002"]
                var uids: [String] = []
                for phone in phones {
                    let result = run(["register", "--phone", phone, "--nick", "w\(worker)", "--birth", "1992-02-02",
                                      "--email", "w@example.com", "--gender", "female"])
                    if let object = try? result?.jsonObject(), let uid = object["uid"] as? String { uids.append(uid) }
                }
                guard uids.count == 2 else { return }
                for step in 0..<operations {
                    let me = uids[step % 2], other = uids[1 - step % 2]
                    switch step % 6 {
                    case 0: _ = run(["queue", "--as", me, "--lat", "37.5665", "--long", "126.978", "--study", "swift"])
                    case 1: _ = run(["search", "--as", me, "--lat", "37.5665", "--long", "126.978", "--radius", "2000"])
                    case 2: _ = run(["match", "request", other, "--as", me])
                    case 3: _ = run(["match", "accept", me, "--as", other])
                    case 4: _ = run(["chat", "send", "--as", me, "message \(worker)-\(step) \(Int.random(in: 0..<1_000, using: &random))"])
                    default: _ = run(["queue", "status", "--as", me])
                    }
                }
            } else {
                for _ in 0..<operations {
                    _ = run(["search", "--lat", "37.5665", "--long", "126.978", "--radius", "3000", "--as", "+821900000000"])
                }
            }
            shared[worker] = results
        }
        let all = outcomes.flatMap { $0 }
        XCTAssertGreaterThan(all.count, writers * operations)
        let ruleCodes: Set<String> = [
            "already_matched", "other_matched", "other_not_searching", "no_request", "not_searching", "not_matched",
            "study_ended", "not_partner",
        ]
        for outcome in all where outcome.result.status != 0 {
            XCTAssertEqual(outcome.result.status, 1, "\(outcome.arguments): \(outcome.result.stderr)")
            let code = (try? outcome.result.jsonError()["code"] as? String) ?? "?"
            XCTAssertTrue(ruleCodes.contains(code), "\(outcome.arguments): \(outcome.result.stderr)")
        }
        // Every acknowledged registration and message is there.
        let database = try Database(path: path)
        let registered = all.filter { $0.arguments.first == "register" && $0.result.status == 0 }
        XCTAssertEqual(registered.count, writers * 2)
        let users = try database.read { try $0.prepare("SELECT count(*) FROM users WHERE phone LIKE '+82109%'").first { $0.int(0) } }
        XCTAssertEqual(users, writers * 2)
        let sent = all.filter { $0.arguments.first == "chat" && $0.result.status == 0 }
            .compactMap { try? $0.result.jsonObject()["chat"] as? String }
        let stored = Set(try database.read { try $0.prepare("SELECT chat FROM messages").map { $0.text(0) } })
        for message in sent { XCTAssertTrue(stored.contains(message), "acknowledged message lost: \(message)") }
        // Matching invariants and a whole file.
        let overbooked = try database.read { connection in
            try connection.prepare("SELECT count(*) FROM (SELECT user_id FROM match_members WHERE is_current = 1 GROUP BY user_id HAVING count(*) > 1)")
                .first { $0.int(0) }
        }
        XCTAssertEqual(overbooked, 0)
        XCTAssertEqual(try database.read { try $0.prepare("PRAGMA integrity_check").first { $0.text(0) } }, "ok")
    }
}
