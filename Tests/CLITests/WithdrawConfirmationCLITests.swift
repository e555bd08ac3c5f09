import Foundation
import XCTest

/// `user withdraw` asks on a terminal (the nick typed back), takes `--yes` from scripts, and
/// without either refuses with nothing changed, on every backend.
final class WithdrawConfirmationCLITests: XCTestCase {
    func testWithoutATerminalOrYesNothingChanges() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let uid = try people.register("010-5000-0001", "새싹")
            let refused = try people.run("--json", "user", "withdraw", "--as", uid)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertEqual(refused.errorLines, ["Error: withdrawing deletes your account for good: run it on a terminal to confirm, or pass --yes"])
            XCTAssertEqual(try refused.jsonError()["code"] as? String, "not_confirmed")
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 0, "still registered")

            let withdrawn = try people.run("user", "withdraw", "--as", uid, "--yes")
            XCTAssertEqual(withdrawn.status, 0, withdrawn.stderr)
            XCTAssertEqual(withdrawn.stdout, "Withdrawn: 새싹 (\(uid)). Your account and personal data are gone.\n")
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 1, "gone")
        }
    }

    func testOnATerminalTheNickMustBeTypedBack() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let uid = try people.register("010-5000-0011", "새싹")

            // A wrong answer keeps the account.
            let wrong = try PseudoTerminal(people.slp, ["user", "withdraw", "--as", uid])
            XCTAssertTrue(wrong.waitFor("Type the nick 새싹 to confirm: "), wrong.text)
            wrong.type("새삭\r")
            XCTAssertEqual(wrong.exit(), 64, wrong.text)
            XCTAssertTrue(wrong.lines.contains("Error: the nick was not typed back; nothing was deleted\n"), wrong.text)
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 0, "still registered")

            // Ctrl-D at the question keeps it too.
            let ended = try PseudoTerminal(people.slp, ["user", "withdraw", "--as", uid])
            XCTAssertTrue(ended.waitFor("to confirm: "), ended.text)
            ended.type("\u{04}")
            XCTAssertEqual(ended.exit(), 64, ended.text)
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 0, "still registered")

            // The nick typed back withdraws.
            let right = try PseudoTerminal(people.slp, ["user", "withdraw", "--as", uid])
            XCTAssertTrue(right.waitFor("This deletes 새싹 (\(uid)) and all their personal data for good."), right.text)
            XCTAssertTrue(right.waitFor("to confirm: "), right.text)
            right.type(" 새싹 \r")
            XCTAssertEqual(right.exit(), 0, right.text)
            XCTAssertTrue(right.lines.contains("Withdrawn: 새싹 (\(uid)). Your account and personal data are gone.\n"), right.text)
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 1, "gone")
        }
    }

    func testAnUnknownUserIsToldBeforeAnyQuestion() throws {
        let directory = try TemporaryDirectory()
        let people = Scenario(database: directory.path("slp.sqlite"))
        _ = try people.register("010-5000-0021", "새싹")
        let terminal = try PseudoTerminal(people.slp, ["user", "withdraw", "--as", "010-5000-0099"])
        XCTAssertEqual(terminal.exit(), 1, terminal.text)
        XCTAssertTrue(terminal.lines.contains("Error: no registered user '010-5000-0099'\n"), terminal.text)
        XCTAssertFalse(terminal.text.contains("confirm"), terminal.text)
    }

    /// Withdrawing while matched is a dodge (issue 49): the partner hears `dodged`, and the
    /// number registering again serves the penalty and keeps the count, as `match dodge` would.
    func testWithdrawingWhileMatchedIsADodge() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let leaver = try people.register("010-5000-0021", "떠남"), partner = try people.register("010-5000-0022", "남음")
            try people.match(leaver, partner)
            XCTAssertEqual(try people.run("user", "withdraw", "--as", leaver, "--yes").status, 0)
            let told = try people.events(of: partner).last
            XCTAssertEqual(told?["type"] as? String, "dodged")
            XCTAssertEqual(told?["uid"] as? String, leaver)
            XCTAssertEqual(try people.run("--json", "queue", "status", "--as", partner).jsonObject()["dodged"] as? Int, 1)

            let again = try people.register("010-5000-0021", "다시")
            let refused = try people.run("--json", "queue", "--as", again, "--lat", "37.5", "--long", "127")
            try Scenario.assertRefused(refused, "dodge_penalty", 203)
            XCTAssertEqual(try people.run("--json", "user", "show", "--as", again).jsonObject()["dodgeNum"] as? Int, 1)
        }
    }
}
