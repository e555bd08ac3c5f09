import Foundation
import XCTest

/// Messages and small rules a new user tripped over: each says what is the case, and the same
/// value means the same thing everywhere.
final class MessagesCLITests: XCTestCase {
    func testABirthBefore1900IsRefused() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let old = try slp.run("--json", "register", "--phone", "010-8000-0001", "--nick", "옛사람", "--birth", "1899-12-31",
                                  "--email", "a@example.com", "--gender", "male")
            XCTAssertEqual(old.status, 64, old.stderr)
            XCTAssertEqual(old.errorLines, ["Error: a birth date is 1900-01-01 or later (got 1899-12-31)"])
            XCTAssertEqual(try old.jsonError()["code"] as? String, "invalid_birth")
            let first = try slp.run("register", "--phone", "010-8000-0001", "--nick", "옛사람", "--birth", "1900-01-01",
                                    "--email", "a@example.com", "--gender", "male")
            XCTAssertEqual(first.status, 0, first.stderr)
        }
    }

    func testANumberTooLargeSaysSo() throws {
        let slp = SLPBinary(database: nil)
        let large = try slp.run("search", "--as", "U1", "--limit", "99999999999999999999")
        XCTAssertEqual(large.status, 64)
        XCTAssertEqual(large.stderr, "Error: --limit: '99999999999999999999' is too large (the most is 9223372036854775807)\n")
        let small = try slp.run("chat", "list", "--as", "U1", "--limit", "-99999999999999999999")
        XCTAssertEqual(small.stderr, "Error: --limit: '-99999999999999999999' is too small (the least is -9223372036854775808)\n")
        XCTAssertEqual(try slp.run("search", "--as", "U1", "--limit", "12x").stderr, "Error: --limit: '12x' is not a whole number\n")
    }

    func testDodgeAndChatWithNoMatchNameNoUser() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let uid = try people.register("010-8000-0011", "혼자")
            let dodge = try people.run("--json", "match", "dodge", "--as", uid)
            try Scenario.assertRefused(dodge, "not_partner", 201)
            XCTAssertEqual(dodge.errorLines, ["Error: you have no current match to cancel"])
            let send = try people.run("chat", "send", "--as", uid, "hi")
            XCTAssertEqual(send.stderr, "Error: you have no match to send a message to\n")
            for command in ["list", "follow"] {
                XCTAssertEqual(try people.run("chat", command, "--as", uid).stderr, "Error: you have no conversation yet: nobody has matched with you\n")
                // Naming someone keeps the answer that is the same for strangers and for nobody.
                XCTAssertEqual(try people.run("chat", command, "--as", uid, "--with", uid).stderr, "Error: no conversation with that user\n")
            }
        }
    }

    func testWhoIsNotRegisteredIsNamedOnlyWhenSomeoneWasNamed() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let uid = try people.register("010-8000-0041", "떠남")
            XCTAssertEqual(try people.run("user", "withdraw", "--as", "010-8000-0041", "--yes").status, 0)
            for named in ["010-8000-0041", uid] {
                XCTAssertEqual(try people.run("queue", "status", "--as", named).stderr, "Error: no registered user '\(named)'\n")
            }
            for nobody in [["--as", ""], ["--as", " "], []] {
                XCTAssertEqual(try people.slp.run(["queue", "status"] + nobody).stderr,
                               "Error: not registered: pass --as UID|PHONE or set SLP_USER to a registered user\n", "\(nobody)")
            }
        }
    }

    func testAnEmptyStudyMeansNoneInQueueAndInSearch() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-8000-0021", "에이")
            let b = try people.register("010-8000-0022", "비")
            let queued = try people.run("queue", "--as", a, "--lat", "37.517819", "--long", "126.886473", "--study", "")
            XCTAssertEqual(queued.stdout, "Waiting at 37.517819,126.886473 for anything.\n")
            try people.queue(b)
            let unfiltered = try people.run("--json", "search", "--as", b)
            XCTAssertEqual(unfiltered.status, 0, unfiltered.stderr)
            for empty in ["", "  "] {
                let searched = try people.run("--json", "search", "--as", b, "--study", empty)
                XCTAssertEqual(searched.status, 0, searched.stderr)
                XCTAssertEqual(searched.stdout, unfiltered.stdout, "'\(empty)' is no filter")
            }
            // The same for the other filter.
            let anyGender = try people.run("--json", "search", "--as", b, "--gender", "")
            XCTAssertEqual(anyGender.status, 0, anyGender.stderr)
            XCTAssertEqual(anyGender.stdout, unfiltered.stdout)
            XCTAssertTrue(unfiltered.stdout.contains(a))
        }
    }

    func testHelpManForOneCommandAndTheExitCodes() throws {
        let slp = SLPBinary(database: nil)
        let user = try slp.run("help", "--man", "user")
        XCTAssertEqual(user.status, 0, user.stderr)
        XCTAssertTrue(user.stdout.hasPrefix(".TH SLP-USER 1 \"2026-11-21\""), user.stdout)
        XCTAssertTrue(user.stdout.contains(".SS \"slp user show [<uid>]\""))
        XCTAssertTrue(user.stdout.contains(".SS \"slp user withdraw [\\-\\-yes]\""))
        for other in [".SS \"slp register", ".SS \"slp queue", ".SH GLOBAL OPTIONS", ".SH ENVIRONMENT"] {
            XCTAssertFalse(user.stdout.contains(other), other)
        }
        let update = try slp.run("help", "--man", "user", "update")
        XCTAssertTrue(update.stdout.hasPrefix(".TH SLP-USER-UPDATE 1 "))
        XCTAssertEqual(update.stdout.components(separatedBy: ".SS ").count, 2, "one command")
        let codes = try slp.run("help", "--man", "exit-codes")
        XCTAssertTrue(codes.stdout.contains(".TP\n\\fB130\\fR\n"), codes.stdout)
        let unknown = try slp.run("help", "--man", "usr")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown subcommand 'usr'. Did you mean 'user'?\n"), unknown.stderr)

        let table = try slp.run("help", "exit-codes")
        XCTAssertTrue(table.stdout.hasSuffix("  130 interrupted by Ctrl-C while waiting (queue --wait: you are still in the queue)\n"), table.stdout)
        let whole = try slp.run("help", "--man")
        XCTAssertTrue(whole.stdout.contains(".TP\n\\fB130\\fR\n"))
    }

    /// `queue --wait --json` is a stream: JSON Lines, each line one object.
    func testQueueWaitPrintsJSONLines() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let waiter = try people.register("010-8000-0031", "기다림")
            let asker = try people.register("010-8000-0032", "물음")
            try people.queue(asker)
            let waiting = try BackgroundSLP(people.slp, ["--json", "queue", "--as", waiter, "--lat", "37.517819", "--long", "126.886473", "--wait"])
            // First the queue entry it made: the script knows it has queued before anything happens.
            XCTAssertTrue(waiting.waitUntil(PseudoTerminal.patience) { $0.lines.count == 1 }, waiting.stdout)
            XCTAssertEqual(waiting.lines.first, """
                {"uid":"\(waiter)","status":"waiting","lat":37.517819,"long":126.886473,"studylist":["anything"],\
                "enteredAt":"2026-11-21T09:30:00.000Z"}
                """)
            XCTAssertEqual(try people.run("match", "request", waiter, "--as", asker).status, 0)
            XCTAssertTrue(waiting.waitUntil(PseudoTerminal.patience) { $0.lines.count == 2 }, waiting.stdout)
            XCTAssertEqual(try people.run("match", "accept", asker, "--as", waiter).status, 0)
            XCTAssertEqual(waiting.exit(within: PseudoTerminal.patience), 0, waiting.stderr)
            let lines = waiting.stdout.split(separator: "\n")
            XCTAssertEqual(lines.count, 3, waiting.stdout)
            for line in lines {
                XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            }
            XCTAssertTrue(lines[1].contains(#""type":"request""#), String(lines[1]))
            XCTAssertTrue(lines[2].contains(#""status":"matched""#), String(lines[2]))
        }
    }
}
