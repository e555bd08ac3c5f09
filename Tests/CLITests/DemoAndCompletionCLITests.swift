import Foundation
import XCTest

/// `slp demo`, `slp completion` and `slp help --man` through the binary.
final class DemoAndCompletionCLITests: XCTestCase {
    func testDemoRunsAMatchAndAChatOnATemporaryDatabase() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("untouched.sqlite"), now: nil)
        let demo = try slp.run("demo")
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertEqual(demo.stderr, "")
        XCTAssertTrue(demo.stdout.contains("$ slp match accept "))
        XCTAssertTrue(demo.stdout.contains("Matched with 지우 ("))
        // 지우's wait runs on beside the next steps: its lines say they are hers, not 민호's.
        XCTAssertTrue(demo.stdout.contains("\n[지우's wait] Waiting at 37.517819,126.886473 for swift, 알고리즘.\n"), demo.stdout)
        XCTAssertTrue(demo.stdout.contains("\n[지우's wait] Matched with 민호 ("), demo.stdout)
        XCTAssertFalse(demo.stdout.contains("\nMatched with 민호 ("), demo.stdout)
        XCTAssertTrue(demo.stdout.contains("  지우  안녕하세요! 내일 2시에 스터디 어때요?\n"))
        XCTAssertTrue(demo.stdout.contains("reputation  좋은 매너 1 · 정확한 시간 약속 0"))
        for placeholder in ["{minho}", "{jiwoo}", "TODO", "…"] {
            XCTAssertFalse(demo.stdout.contains(placeholder), placeholder)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("untouched.sqlite")), "SLP_DB is not used by the demo")
        let temporary = try XCTUnwrap(demo.stdout.split(separator: "\n").first { $0.hasPrefix("Database: ") })
        let path = String(temporary.dropFirst("Database: ".count).prefix { $0 != " " })
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the temporary database is removed")

        let kept = directory.path("demo.sqlite")
        XCTAssertEqual(try slp.run("demo", "--db", kept).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept), "--db keeps the database")
    }

    func testCompletionScriptsAndManPage() throws {
        let slp = SLPBinary(database: nil)
        for shell in ["bash", "zsh", "fish"] {
            let script = try slp.run("completion", shell)
            XCTAssertEqual(script.status, 0)
            XCTAssertTrue(script.stdout.contains("register"), shell)
        }
        let wrong = try slp.run("completion", "tcsh")
        XCTAssertEqual(wrong.status, 64)
        XCTAssertEqual(wrong.stderr, "Error: shell: 'tcsh' is not bash, zsh or fish\n")
        let man = try slp.run("help", "--man")
        XCTAssertEqual(man.status, 0)
        XCTAssertTrue(man.stdout.hasPrefix(".TH SLP 1 "))
        XCTAssertTrue(man.stdout.contains(".SS \"slp chat follow"))
    }
}
