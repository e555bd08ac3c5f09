import Foundation
import XCTest

/// `slp queue status` for people: where and for what I wait, or how my match goes.
final class QueueStatusCLITests: XCTestCase {
    func testStatusSaysWhereIWaitAndHowMyMatchGoes() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-4200-0001", "에이")
            let b = try people.register("010-4200-0002", "비")
            XCTAssertEqual(try people.run("queue", "status", "--as", a), .init(stdout: "status  general\n", stderr: "", status: 0))
            XCTAssertEqual(try people.run("queue", "--as", a, "--lat", "37.517819", "--long", "126.886473", "--study", "swift", "--study", "알고리즘").status, 0)
            XCTAssertEqual(try people.run("queue", "status", "--as", a), .init(stdout: """
                status   waiting
                at       37.517819,126.886473
                studies  swift, 알고리즘

                """, stderr: "", status: 0))
            try people.queue(b)
            XCTAssertEqual(try people.run("match", "request", a, "--as", b).status, 0)
            XCTAssertEqual(try people.run("match", "accept", b, "--as", a).status, 0)
            XCTAssertEqual(try people.run("queue", "status", "--as", a), .init(stdout: """
                status   matched
                partner  비 (\(b))
                match    going on

                """, stderr: "", status: 0))
            XCTAssertEqual(try people.run("match", "review", a, "--as", b, "--kind").status, 0)
            XCTAssertEqual(try people.run("queue", "status", "--as", a).stdout, """
                status   matched
                partner  비 (\(b))
                match    over: your partner reviewed you

                """)
            // The JSON keys stay SLP's myQueueState.
            XCTAssertEqual(try people.run("--json", "queue", "status", "--as", b).stdout, """
                {"status":"general","dodged":0,"matched":0,"reviewed":0,"matchedNick":null,"matchedUid":null}

                """)
        }
    }
}
