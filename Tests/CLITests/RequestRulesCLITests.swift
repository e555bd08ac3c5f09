import Foundation
import XCTest

/// Study requests through the binary: a hidden user cannot be asked by uid (unless they asked
/// first), and asking again while the request is open stores and tells nothing, on every backend.
final class RequestRulesCLITests: XCTestCase {
    func testAHiddenUserCannotBeAskedByUid() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let hidden = try people.register("010-4000-0001", "숨은이")
            let asker = try people.register("010-4000-0002", "묻는이")
            try people.queue(hidden)
            try people.queue(asker)
            XCTAssertEqual(try people.run("user", "update", "--as", hidden, "--searchable", "off").status, 0)
            let refused = try people.run("--json", "match", "request", hidden, "--as", asker)
            try Scenario.assertRefused(refused, "other_not_searching", 202)
            XCTAssertEqual(try people.events(of: hidden).count, 0, "the hidden user heard of nothing")

            // Unless they asked first: then asking back matches us.
            XCTAssertEqual(try people.run("match", "request", asker, "--as", hidden).status, 0)
            let matched = try people.run("match", "request", hidden, "--as", asker)
            XCTAssertEqual(matched.status, 0, matched.stderr)
            XCTAssertEqual(matched.stdout, "Matched with 숨은이 (\(hidden)): they had asked you too.\n")
        }
    }

    func testAskingAgainWhileTheRequestIsOpenChangesNothing() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-4000-0011", "에이")
            let b = try people.register("010-4000-0012", "비")
            try people.queue(a)
            try people.queue(b)
            XCTAssertEqual(try people.run("match", "request", b, "--as", a).status, 0)
            let again = try people.run("match", "request", b, "--as", a)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(again.stdout, "Already sent: your study request to 비 (\(b)) is still open (not sent again). You are matched when they accept.\n")
            let json = try people.run("--json", "match", "request", b, "--as", a)
            XCTAssertEqual(json.status, 0, json.stderr)
            XCTAssertEqual(json.stdout, #"{"uid":"\#(b)","nick":"비","matched":0,"alreadyRequested":1}"# + "\n")
            let told = try people.events(of: b)
            XCTAssertEqual(told.map { $0["type"] as? String }, ["request"], "one request, one event")
            // The request is still open: accepting it matches us.
            XCTAssertEqual(try people.run("match", "accept", a, "--as", b).status, 0)
        }
    }
}
