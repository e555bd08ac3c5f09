import Foundation
import XCTest

/// Many `slp` processes creating the same new database and writing to it at once.
final class ConcurrentRegistrationCLITests: XCTestCase {
    func testEightProcessesRegisterOnAMissingDatabaseTwentyRounds() throws {
        let directory = try TemporaryDirectory()
        let processes = 8, rounds = 20
        for round in 0..<rounds {
            let slp = SLPBinary(database: directory.path("round\(round)/slp.sqlite"))
            let results = UnsafeMutableBufferPointer<SLPBinary.Result?>.allocate(capacity: processes)
            results.initialize(repeating: nil)
            defer { results.deallocate() }
            nonisolated(unsafe) let shared = results
            DispatchQueue.concurrentPerform(iterations: processes) { index in
                shared[index] = try? slp.run([
                    "register", "--phone", "010-\(1000 + round)-\(1000 + index)", "--nick", "p\(index)",
                    "--birth", "1990-01-01", "--email", "p\(index)@example.com", "--gender", "male",
                ])
            }
            for (index, result) in results.enumerated() {
                XCTAssertEqual(result?.status, 0, "round \(round) process \(index): \(result?.stderr ?? "did not run")")
            }
            for index in 0..<processes {
                let shown = try slp.run("--json", "user", "show", "--as", "010-\(1000 + round)-\(1000 + index)")
                XCTAssertEqual(shown.status, 0, "round \(round) user \(index) is missing: \(shown.stderr)")
            }
        }
    }
}
