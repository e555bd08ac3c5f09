import Foundation
import XCTest

/// The matching lifecycle through the binary: request, accept, status, dodge penalties on the
/// clock of `SLP_NOW`, mutual requests, reviews, reports and every refusal's code, on every
/// backend.
final class MatchLifecycleCLITests: XCTestCase {
    private var slp: SLPBinary!
    private var now = ""

    /// Runs `body` on a fresh store of each backend, the clock set back to the start each time.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            now = "2026-11-21T09:30:00.000Z"
            try body()
        }
    }

    @discardableResult
    private func run(_ arguments: String...) throws -> SLPBinary.Result {
        try slp.run(arguments, environment: ["SLP_NOW": now])
    }

    private func register(_ phone: String, _ nick: String) throws -> String {
        let result = try run("register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "x@example.com", "--gender", "female")
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func queue(_ uid: String, lat: String = "37.517819", long: String = "126.886473") throws -> SLPBinary.Result {
        try run("queue", "--as", uid, "--lat", lat, "--long", long, "--study", "swift")
    }

    private func status(_ uid: String) throws -> [String: Any] {
        let result = try run("--json", "queue", "status", "--as", uid)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try result.jsonObject()
    }

    /// Asserts exit 1 with the JSON error code and SLP status.
    private func assertRefused(
        _ result: SLPBinary.Result, _ code: String, _ status: Int?, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.errorLines.count, 1, result.stderr, file: file, line: line)
        let error = try result.jsonError(file: file, line: line)
        XCTAssertEqual(error["code"] as? String, code, file: file, line: line)
        if let status {
            XCTAssertEqual(error["status"] as? Int, status, file: file, line: line)
        } else {
            XCTAssertTrue(error["status"] is NSNull, "status should be null: \(error)", file: file, line: line)
        }
    }

    private func match(_ a: String, _ b: String) throws {
        XCTAssertEqual(try queue(a).status, 0)
        XCTAssertEqual(try queue(b).status, 0)
        XCTAssertEqual(try run("match", "request", b, "--as", a).status, 0)
        let accepted = try run("match", "accept", a, "--as", b)
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
    }

    func testRequestAcceptDodgeAndPenaltiesOnTheClock() {
        onEachBackend {
            let a = try register("010-1111-0001", "에이")
            let b = try register("010-1111-0002", "비")
            XCTAssertEqual(try status(a)["status"] as? String, "general")
            XCTAssertEqual(try queue(a).status, 0)
            XCTAssertEqual(try queue(b, lat: "37.5182").status, 0)
            XCTAssertEqual(try status(a)["status"] as? String, "waiting")

            let requested = try run("match", "request", b, "--as", a)
            XCTAssertEqual(requested.stdout, "Sent a study request to 비 (\(b)). You are matched when they accept.\n")
            let accepted = try run("--json", "match", "accept", a, "--as", b)
            XCTAssertEqual(accepted.stdout, #"{"uid":"\#(a)","nick":"에이","matched":1}"# + "\n")

            XCTAssertEqual(try run("--json", "queue", "status", "--as", a).stdout,
                           #"{"status":"matched","dodged":0,"matched":1,"reviewed":0,"matchedNick":"비","matchedUid":"\#(b)"}"# + "\n")
            XCTAssertEqual(try run("--json", "queue", "status", "--as", b).stdout,
                           #"{"status":"matched","dodged":0,"matched":1,"reviewed":0,"matchedNick":"에이","matchedUid":"\#(a)"}"# + "\n")

            // First dodge: 1 minute.
            let dodged = try run("match", "dodge", "--as", a)
            XCTAssertEqual(dodged.stdout, "Cancelled the study with 비 (\(b)). Penalty: you can queue again in 60 s.\n")
            XCTAssertEqual(try status(b)["dodged"] as? Int, 1)
            XCTAssertEqual(try status(b)["status"] as? String, "matched")
            XCTAssertEqual(try status(a)["status"] as? String, "general")
            let penalised = try run("--json", "queue", "--as", a, "--lat", "37.5", "--long", "126.9")
            try assertRefused(penalised, "dodge_penalty", 203)
            XCTAssertEqual(penalised.errorLines, ["Error: dodge penalty (1): you can queue again in 60 s"])
            now = "2026-11-21T09:31:01.000Z"
            XCTAssertEqual(try queue(a).status, 0, "61 s later the penalty is over")

            // Second dodge: 2 minutes, status 204; third: 3 minutes, 205.
            try match(a, b)
            XCTAssertEqual(try run("match", "dodge", "--as", a).status, 0)
            let second = try run("--json", "queue", "--as", a, "--lat", "37.5", "--long", "126.9")
            try assertRefused(second, "dodge_penalty", 204)
            XCTAssertEqual(second.errorLines, ["Error: dodge penalty (2): you can queue again in 120 s"])
            now = "2026-11-21T09:33:02.000Z"
            try match(a, b)
            XCTAssertEqual(try run("match", "dodge", "--as", a).status, 0)
            let third = try run("--json", "queue", "--as", a, "--lat", "37.5", "--long", "126.9")
            try assertRefused(third, "dodge_penalty", 205)
            XCTAssertEqual(third.errorLines, ["Error: dodge penalty (3): you can queue again in 180 s"])
            now = "2026-11-21T09:35:00.000Z"
            try assertRefused(try run("--json", "queue", "--as", a, "--lat", "37.5", "--long", "126.9"), "dodge_penalty", 205)
        }
    }

    func testNoPenaltyWhenThePartnerLeftFirstAndReviewResetsTheCount() {
        onEachBackend {
            let a = try register("010-2222-0001", "에이")
            let b = try register("010-2222-0002", "비")
            try match(a, b)
            XCTAssertEqual(try run("match", "dodge", "--as", b).status, 0)
            let second = try run("match", "dodge", "--as", a)
            XCTAssertEqual(second.stdout, "Cancelled the study with 비 (\(b)). No penalty: your partner had already left.\n")
            XCTAssertEqual(try queue(a).status, 0, "no penalty for the one left behind")

            now = "2026-11-21T10:00:00.000Z"
            try match(a, b)
            let reviewed = try run("match", "review", b, "--as", a, "--good-manners", "--helpful", "--comment", "고마워요")
            XCTAssertEqual(reviewed.stdout, "Reviewed 비 (\(b)): 좋은 매너, 유익한 시간.\n")
            XCTAssertEqual(try status(b)["reviewed"] as? Int, 1)
            XCTAssertEqual(try status(a)["status"] as? String, "general", "a review ends the match for the reviewer")
            let profile = try run("--json", "user", "show", b, "--as", a).jsonObject()
            XCTAssertEqual(profile["reputation"] as? [Int], [1, 0, 0, 0, 0, 1])
            XCTAssertEqual(profile["comment"] as? [String], ["고마워요"])
            try assertRefused(try run("--json", "match", "review", b, "--as", a, "--kind"), "already_reviewed", nil)
            // The partner may still review the one who reviewed first.
            XCTAssertEqual(try run("match", "review", a, "--as", b, "--punctual").status, 0)
            XCTAssertEqual(try status(b)["status"] as? String, "general")
        }
    }

    func testMutualRequestsMatchAtOnce() {
        onEachBackend {
            let a = try register("010-3333-0001", "에이")
            let b = try register("010-3333-0002", "비")
            XCTAssertEqual(try queue(a).status, 0)
            XCTAssertEqual(try queue(b).status, 0)
            XCTAssertEqual(try run("match", "request", b, "--as", a).status, 0)
            let mutual = try run("match", "request", a, "--as", b)
            XCTAssertEqual(mutual.stdout, "Matched with 에이 (\(a)): they had asked you too.\n")
            XCTAssertEqual(try status(a)["matchedUid"] as? String, b)
            XCTAssertEqual(try status(b)["matchedUid"] as? String, a)
            XCTAssertEqual(try status(a)["status"] as? String, "matched")
            let search = try run("--json", "search", "--as", a, "--lat", "37.517819", "--long", "126.886473").jsonObject()
            XCTAssertEqual((search["fromQueueDB"] as? [Any])?.count, 0, "matched users have left the queue")
        }
    }

    func testEveryRefusalHasItsCode() {
        onEachBackend {
            let a = try register("010-4444-0001", "에이")
            let b = try register("010-4444-0002", "비")
            let c = try register("010-4444-0003", "씨")
            let d = try register("010-4444-0004", "디")

            try assertRefused(try run("--json", "match", "dodge", "--as", a), "not_partner", 201)
            XCTAssertEqual(try queue(a).status, 0)
            try assertRefused(try run("--json", "match", "request", b, "--as", a), "other_not_searching", 202)
            try assertRefused(try run("--json", "match", "request", "NoSuchUser", "--as", a), "user_not_found", nil)
            try assertRefused(try run("--json", "match", "accept", "NoSuchUser", "--as", a), "user_not_found", nil)
            try assertRefused(try run("--json", "match", "accept", b, "--as", a), "other_not_searching", 202)
            XCTAssertEqual(try queue(b).status, 0)
            try assertRefused(try run("--json", "match", "accept", b, "--as", a), "no_request", nil)

            XCTAssertEqual(try queue(c).status, 0)
            XCTAssertEqual(try queue(d).status, 0)
            XCTAssertEqual(try run("match", "request", a, "--as", c).status, 0)
            try match(a, b)
            // a is matched: requests and accepts are refused for a, and for others about a.
            try assertRefused(try run("--json", "match", "request", c, "--as", a), "already_matched", 201)
            try assertRefused(try run("--json", "match", "accept", c, "--as", a), "already_matched", 203)
            try assertRefused(try run("--json", "match", "accept", a, "--as", c), "other_matched", 201)
            try assertRefused(try run("--json", "match", "request", a, "--as", d), "other_not_searching", 202)
            try assertRefused(try run("--json", "queue", "--as", a, "--lat", "1", "--long", "1"), "already_matched", 201)
            try assertRefused(try run("--json", "queue", "stop", "--as", a), "already_matched", 201)

            try assertRefused(try run("--json", "match", "review", c, "--as", a, "--kind"), "not_partner", 201)
            let noTitle = try run("--json", "match", "review", b, "--as", a)
            XCTAssertEqual(noTitle.status, 64)
            XCTAssertEqual(try noTitle.jsonError()["code"] as? String, "no_title")
            XCTAssertEqual(noTitle.stderr.split(separator: "\n").prefix(2), [
                "Error: choose at least one title: --good-manners, --punctual, --quick-reply, --kind, --skilled, --helpful",
                "Usage: slp match review [--good-manners] [--punctual] [--quick-reply] [--kind] [--skilled] [--helpful] [--comment <text>] <uid>",
            ])

            // Strangers cannot report each other; once c and d have met, d may report c, once.
            try assertRefused(try run("--json", "match", "report", c, "--as", d, "--reason", "rude"), "not_partner", 201)
            XCTAssertEqual(try run("match", "request", c, "--as", d).status, 0)
            XCTAssertEqual(try run("match", "accept", d, "--as", c).status, 0)
            XCTAssertEqual(try run("match", "review", c, "--as", d, "--kind").status, 0)
            XCTAssertEqual(try run("match", "dodge", "--as", c).status, 0)
            XCTAssertEqual(try run("match", "report", c, "--as", d, "--reason", "rude").status, 0)
            try assertRefused(try run("--json", "match", "report", c, "--as", d, "--reason", "abuse"), "already_reported", 201)
            let badReason = try run("match", "report", c, "--as", d, "--reason", "boring")
            XCTAssertEqual(badReason.status, 64)
            let missingReason = try run("match", "report", c, "--as", d)
            XCTAssertEqual(missingReason.status, 64)
            XCTAssertEqual(missingReason.errorLines, ["Error: Missing expected argument '--reason <reason>'"])
            // A reported pair cannot match.
            XCTAssertEqual(try queue(c).status, 0)
            XCTAssertEqual(try queue(d).status, 0)
            try assertRefused(try run("--json", "match", "request", c, "--as", d), "other_not_searching", 202)
            try assertRefused(try run("--json", "match", "request", d, "--as", c), "other_not_searching", 202)
        }
    }

    func testThreeReportsBarFromTheQueue() {
        onEachBackend {
            let target = try register("010-5555-0000", "타깃")
            XCTAssertEqual(try queue(target).status, 0)
            // Three past partners report the target, who is waiting again each time.
            for index in 1...3 {
                let reporter = try register("010-5555-000\(index)", "리\(index)")
                try match(reporter, target)
                XCTAssertEqual(try run("match", "review", target, "--as", reporter, "--kind").status, 0)
                XCTAssertEqual(try queue(target).status, 0, "the partner left: the target waits again")
                XCTAssertEqual(try run("match", "report", target, "--as", reporter, "--reason", "no-show").status, 0)
            }
            XCTAssertEqual(try status(target)["status"] as? String, "general", "the third report takes them out of the queue")
            try assertRefused(try run("--json", "queue", "--as", target, "--lat", "1", "--long", "1"), "reported", 201)
            XCTAssertEqual(try run("--json", "user", "show", "--as", target).jsonObject()["reportedNum"] as? Int, 3)
        }
    }
}
