import Foundation
import XCTest

/// Errors that point the right way: each names what is missing or wrong, in the exact words
/// README and the SPEC give, with the code and exit status scripts rely on.
final class ErrorWordingCLITests: XCTestCase {
    private func onEachBackend(_ body: (Scenario) throws -> Void) {
        TestBackend.each(self) { _, database, _ in try body(Scenario(database: database)) }
    }

    func testAUidNobodyHasIsNamedAsMissing() {
        onEachBackend { people in
            let me = try people.register("010-4100-0001", "에이")
            try people.queue(me)
            XCTAssertEqual(try people.run("match", "request", "NoSuchUser", "--as", me),
                           .init(stdout: "", stderr: "Error: no user with uid NoSuchUser\n", status: 1))
            XCTAssertEqual(try people.run("--json", "match", "request", "NoSuchUser", "--as", me), .init(stdout: "", stderr: """
                Error: no user with uid NoSuchUser
                {"error":{"code":"user_not_found","status":null,"message":"no user with uid NoSuchUser"}}

                """, status: 1))
            XCTAssertEqual(try people.run("match", "accept", "NoSuchUser", "--as", me),
                           .init(stdout: "", stderr: "Error: no user with uid NoSuchUser\n", status: 1))
            XCTAssertEqual(try people.run("match", "report", "NoSuchUser", "--reason", "rude", "--as", me),
                           .init(stdout: "", stderr: "Error: no user with uid NoSuchUser\n", status: 1))
        }
    }

    func testMatchedUsersAreToldTheyAreMatchedNotWaiting() {
        onEachBackend { people in
            let a = try people.register("010-4100-0011", "에이")
            let b = try people.register("010-4100-0012", "비")
            try people.match(a, b)
            XCTAssertEqual(try people.run("map", "--as", a, "--width", "40", "--height", "10"),
                           .init(stdout: "", stderr: "Error: you are matched, not waiting\n", status: 1))
            XCTAssertEqual(try people.run("--json", "search", "--as", a), .init(stdout: "", stderr: """
                Error: you are matched, not waiting
                {"error":{"code":"not_searching","status":null,"message":"you are matched, not waiting"}}

                """, status: 1))
        }
    }

    /// `slp chat` on a terminal with no match names no user, so its error names none either.
    func testChatOnATerminalWithoutAMatchSaysThereIsNoConversation() {
        onEachBackend { people in
            let me = try people.register("010-4100-0021", "에이")
            let terminal = try PseudoTerminal(people.slp, ["chat", "--as", me])
            XCTAssertEqual(terminal.exit(), 1, terminal.text)
            XCTAssertEqual(terminal.lines, "Error: you have no conversation yet: nobody has matched with you\n")
        }
    }
}
