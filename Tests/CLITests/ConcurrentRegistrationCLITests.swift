import Foundation
import XCTest

/// Many `slp` processes creating the same new store and writing to it at once, on every backend
/// (a missing file; an empty PostgreSQL database, where slp makes its schema on first use).
final class ConcurrentRegistrationCLITests: XCTestCase {
    func testEightProcessesRegisterOnAMissingDatabaseTwentyRounds() {
        TestBackend.each(self) { backend, _, directory in
            try registerRounds(on: backend, in: directory)
        }
    }

    private func registerRounds(on backend: TestBackend, in directory: TemporaryDirectory) throws {
        let processes = 8, rounds = 20
        for round in 0..<rounds {
            let slp = SLPBinary(database: try backend.freshStore(in: directory, file: "round\(round).sqlite"))
            let results = UnsafeMutableBufferPointer<SLPBinary.Result?>.allocate(capacity: processes)
            results.initialize(repeating: nil)
            defer { results.deallocate() }
            nonisolated(unsafe) let shared = results
            DispatchQueue.concurrentPerform(iterations: processes) { index in
                do {
                    shared[index] = try slp.run([
                        "register", "--phone", "010-\(1000 + round)-\(1000 + index)", "--nick", "p\(index)",
                        "--birth", "1990-01-01", "--email", "p\(index)@example.com", "--gender", "male",
                    ])
                } catch {
                    XCTFail("round \(round) process \(index): \(error)")
                }
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

/// 8 processes creating the same missing database file (or the schema of an empty PostgreSQL
/// database) at once, 50 rounds, each registering the same phone: each creates or finds the
/// schema without ever seeing a busy or storage error, and exactly one registers.
final class ConcurrentCreationCLITests: XCTestCase {
    func testEightProcessesCreateTheSameNewDatabaseFiftyRounds() {
        TestBackend.each(self) { backend, _, directory in
            try createRounds(on: backend, in: directory)
        }
    }

    private func createRounds(on backend: TestBackend, in directory: TemporaryDirectory) throws {
        for round in 0..<50 {
            let slp = SLPBinary(database: try backend.freshStore(in: directory, file: "round\(round).sqlite"))
            let statuses = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 8)
            statuses.initialize(repeating: -1)
            defer { statuses.deallocate() }
            nonisolated(unsafe) let shared = statuses
            nonisolated(unsafe) var errors: [String] = []
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let result: SLPBinary.Result?
                do {
                    result = try slp.run(
                        "--json", "register", "--phone", "010-0000-0001", "--nick", "n\(index)", "--birth", "1990-01-01", "--email", "n@example.com",
                        "--gender", "male")
                } catch {
                    XCTFail("round \(round) process \(index): \(error)")
                    result = nil
                }
                lock.lock()
                shared[index] = result?.status ?? -2
                if let result, result.status != 0, let code = try? result.jsonError()["code"] as? String, code != "already_registered" {
                    errors.append(code)
                }
                lock.unlock()
            }
            XCTAssertEqual(Array(statuses).sorted(), [0] + Array(repeating: 1, count: 7), "round \(round): one registers, the others are told it is taken")
            XCTAssertEqual(errors, [], "round \(round)")
            let check = try slp.run("register", "--phone", "010-1000-0000", "--nick", "n", "--birth", "1990-01-01", "--email", "n@example.com", "--gender", "male")
            XCTAssertEqual(check.status, 0, "round \(round): the schema is whole: \(check.stderr)")
        }
    }
}
