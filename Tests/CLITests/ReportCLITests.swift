import Foundation
import XCTest

/// Reports through the binary: only a partner (current or past) may report, and the ban counts
/// only the reports of people who still have an account, on every backend.
final class ReportCLITests: XCTestCase {
    /// `reporter` meets `target`, reports them, and leaves the match by a review, so that the
    /// target may meet the next one.
    private func meetAndReport(_ people: Scenario, _ reporter: String, _ target: String, line: UInt = #line) throws {
        try people.match(reporter, target, line: line)
        XCTAssertEqual(try people.run("match", "report", target, "--as", reporter, "--reason", "abuse").status, 0, line: line)
        XCTAssertEqual(try people.run("match", "review", target, "--as", reporter, "--kind").status, 0, line: line)
    }

    /// A target registered with `phone` and reported by `count` partners, whose numbers follow it
    /// (its last digit 2, 3…): the target's uid and the reporters'.
    private func reportedTarget(_ people: Scenario, _ phone: String, by count: Int) throws -> (String, [String]) {
        let target = try people.register(phone, "타겟")
        let reporters = try (1...count).map { try people.register(phone.dropLast() + "\($0 + 1)", "신고\($0)") }
        for reporter in reporters { try meetAndReport(people, reporter, target) }
        return (target, reporters)
    }

    func testStrangersCannotReportAnyone() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let target = try people.register("010-3000-0001", "타겟")
            let stranger = try people.register("010-3000-0002", "낯선이")
            try people.queue(target)
            try people.queue(stranger)
            let refused = try people.run("--json", "match", "report", target, "--as", stranger, "--reason", "rude")
            try Scenario.assertRefused(refused, "not_partner", 201)
            XCTAssertEqual(refused.errorLines, ["Error: you can report only someone you are or were matched with"])
            // Nothing was recorded: the stranger still sees the target, who has no report.
            XCTAssertTrue(try people.run("search", "--as", stranger).stdout.contains(target))
            let profile = try people.run("--json", "user", "show", "--as", target).jsonObject()
            XCTAssertEqual(profile["reportedNum"] as? Int, 0)
            let reporter = try people.run("--json", "user", "show", "--as", stranger).jsonObject()
            XCTAssertEqual(reporter["reportedUser"] as? [String], [])
        }
    }

    func testCurrentAndPastPartnersMayReportOnce() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-3000-0011", "에이")
            let b = try people.register("010-3000-0012", "비")
            let c = try people.register("010-3000-0013", "씨")
            try people.match(a, b)
            // My current partner.
            XCTAssertEqual(try people.run("match", "report", b, "--as", a, "--reason", "no-show").status, 0)
            try Scenario.assertRefused(
                try people.run("--json", "match", "report", b, "--as", a, "--reason", "rude"), "already_reported", 201)
            // A past partner: the match ended by a review, both moved on.
            XCTAssertEqual(try people.run("match", "review", a, "--as", b, "--kind").status, 0)
            XCTAssertEqual(try people.run("match", "dodge", "--as", a).status, 0)
            try people.match(b, c)
            let past = try people.run("match", "report", a, "--as", b, "--reason", "rude")
            XCTAssertEqual(past.status, 0, past.stderr)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", a).jsonObject()["reportedNum"] as? Int, 1)
        }
    }

    func testTheBanCountsOnlyReportersWhoStillHaveAnAccount() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let (target, reporters) = try reportedTarget(people, "010-3000-0021", by: 3)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", target).jsonObject()["reportedNum"] as? Int, 3)
            try Scenario.assertRefused(
                try people.run("--json", "queue", "--as", target, "--lat", "37.5", "--long", "127"), "reported", 201)

            // One reporter withdraws: their report stops counting, and the ban with it.
            XCTAssertEqual(try people.run("user", "withdraw", "--as", reporters[0], "--yes").status, 0)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", target).jsonObject()["reportedNum"] as? Int, 2)
            let queued = try people.run("queue", "--as", target, "--lat", "37.5", "--long", "127")
            XCTAssertEqual(queued.status, 0, queued.stderr)
        }
    }

    /// Reports stay with the number (issue 49): someone at 2 reports who withdraws and registers
    /// again starts at 2, the third report bars them, and nobody who reported them may report
    /// the new account; a reporter who withdraws stops counting until their number comes back.
    func testReportsStayWithTheNumberAcrossWithdrawals() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let (target, reporters) = try reportedTarget(people, "010-3000-0031", by: 2)
            XCTAssertEqual(try people.run("user", "withdraw", "--as", target, "--yes").status, 0)
            let again = try people.register("010-3000-0031", "다시")
            XCTAssertNotEqual(again, target)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", again).jsonObject()["reportedNum"] as? Int, 2)
            try Scenario.assertRefused(
                try people.run("--json", "match", "report", again, "--as", reporters[0], "--reason", "rude"), "already_reported", 201)
            XCTAssertEqual(
                try people.run("--json", "user", "show", "--as", reporters[0]).jsonObject()["reportedUser"] as? [String], [],
                "the new account is none of the reporter's business")

            try meetAndReport(people, try people.register("010-3000-0034", "신고3"), again)
            try Scenario.assertRefused(
                try people.run("--json", "queue", "--as", again, "--lat", "37.5", "--long", "127"), "reported", 201)

            // A reporter who withdraws stops counting; back with the same number, they count again.
            XCTAssertEqual(try people.run("user", "withdraw", "--as", reporters[1], "--yes").status, 0)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", again).jsonObject()["reportedNum"] as? Int, 2)
            let back = try people.register("010-3000-0033", "복귀")
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", again).jsonObject()["reportedNum"] as? Int, 3)
            try Scenario.assertRefused(
                try people.run("--json", "match", "report", again, "--as", back, "--reason", "rude"), "already_reported", 201)
        }
    }
}
