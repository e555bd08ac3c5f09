import Foundation
import SLPTestSupport
import XCTest

/// An `slp` that does not end fails the test that ran it, instead of hanging the suite: killed
/// at its deadline, with what it had printed in the failure.
final class SLPBinaryDeadlineCLITests: XCTestCase {
    func testAnSLPThatDoesNotEndIsKilledAtItsDeadlineAndSaysWhatItPrinted() throws {
        let directory = try TemporaryDirectory()
        let people = Scenario(database: directory.path("slp.sqlite"))
        let a = try people.register("010-7300-0001", "에이"), b = try people.register("010-7300-0002", "비")
        try people.match(a, b)
        XCTAssertEqual(try people.run("chat", "send", "--as", b, "아직 거기 있어요?").status, 0)
        // `chat follow` runs until the match ends, which it never does here. (15 s: time enough
        // for any machine to print the conversation first.)
        XCTAssertThrowsError(try people.slp.run(["chat", "follow", "--as", a], timeout: 15)) { error in
            guard let timeout = error as? ProcessTimeout else { return XCTFail("\(error)") }
            XCTAssertTrue(String(decoding: timeout.stdout, as: UTF8.self).contains("아직 거기 있어요?"), timeout.description)
            XCTAssertTrue(timeout.description.contains("chat follow --as \(a) did not end within 15 s and was killed"), timeout.description)
        }
        // Nothing of it is left running: the next command finds the database as usual.
        XCTAssertEqual(try people.run("chat", "send", "--as", b, "갔나 보네요").status, 0)
    }
}
