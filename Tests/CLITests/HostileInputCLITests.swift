import Foundation
import XCTest

/// Every option with hostile values: each is refused with exit 64 (or a service-rule refusal,
/// exit 1, or 74 for a path that cannot be a file) and one `Error:` line, or, when the value is
/// valid after all (an empty study list means "anything"), accepted; never a crash, a
/// backtrace or an internal error. On every backend; `--db` values, file names whatever
/// `SLP_DB` is, are tried once.
final class HostileInputCLITests: XCTestCase {
    func testHostileValuesAreRefusedCleanly() {
        TestBackend.each(self) { backend, database, directory in
            try refuse(on: backend, database, directory)
        }
    }

    private func refuse(on backend: TestBackend, _ database: String, _ directory: TemporaryDirectory) throws {
        var slp = SLPBinary(database: database)
        // `--db` values are taken literally as file names: keep whatever they create in here.
        slp.currentDirectory = directory.url
        let register = ["register", "--phone", "010-9000-0001", "--nick", "정상", "--birth", "1995-05-05", "--email", "ok@example.com", "--gender", "male"]
        let me = try slp.run(register).stdout.trimmingCharacters(in: .newlines)
        XCTAssertEqual(me.count, 28)
        let huge = String(repeating: "가", count: 30_000)  // 90 KB: under the 128 KiB limit of one argument
        let numbers = ["", " ", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e400", "-1e400", "0x1p3", "0x10", "1,5", "１８",
                       "99999999999999999999999", "--", "1 2", "\u{202E}18", huge]
        var cases: [[String]] = []
        for value in numbers {
            cases.append(["queue", "--as", me, "--lat", value, "--long", "127"])
            cases.append(["queue", "--as", me, "--lat", "37", "--long", value])
            cases.append(["search", "--as", me, "--lat", "37", "--long", "127", "--radius", value])
            cases.append(["search", "--as", me, "--lat", "37", "--long", "127", "--limit", value])
            cases.append(["user", "update", "--as", me, "--age-min", value])
            cases.append(["chat", "list", "--as", me, "--limit", value])
            cases.append(["seed", "--users", value])
            cases.append(["shop", "wear", "--as", me, "--sesac", value])
        }
        for value in ["", " ", "a\u{7}b", "\u{202E}admin", "\u{200B}", "ㅤ", "x'); DROP TABLE users;--", huge,
                      "ＡＤＭＩＮ", "ad\u{0301}min", "\u{FEFF}nick"] {
            cases.append(["register", "--phone", "010-9000-0002", "--nick", value, "--birth", "1995-05-05", "--email", "a@example.com", "--gender", "female"])
            cases.append(["register", "--phone", value, "--nick", "n", "--birth", "1995-05-05", "--email", "a@example.com", "--gender", "female"])
            cases.append(["register", "--phone", "010-9000-0003", "--nick", "n", "--birth", value, "--email", "a@example.com", "--gender", "female"])
            cases.append(["register", "--phone", "010-9000-0004", "--nick", "n", "--birth", "1995-05-05", "--email", value, "--gender", "female"])
            cases.append(["register", "--phone", "010-9000-0005", "--nick", "n", "--birth", "1995-05-05", "--email", "a@example.com", "--gender", value])
            cases.append(["queue", "--as", me, "--lat", "37", "--long", "127", "--study", value])
            cases.append(["search", "--as", me, "--lat", "37", "--long", "127", "--study", value])
            cases.append(["user", "update", "--as", me, "--study", value + String(repeating: "x", count: value.isEmpty ? 0 : 60)])
            cases.append(["user", "update", "--as", me, "--searchable", value])
            cases.append(["match", "request", value, "--as", me])
            cases.append(["match", "report", value, "--as", me, "--reason", "rude"])
            cases.append(["chat", "list", "--as", me, "--since", value])
            cases.append(["chat", "send", "--as", me, value])
            cases.append(["--as", value, "user", "show"])
            if backend == .sqlite { cases.append(["--db", value, "user", "show", "--as", me]) }
        }
        var exits: [Int32: Int] = [:]
        for arguments in cases {
            let result = try slp.run(arguments)
            exits[result.status, default: 0] += 1
            let shown = arguments.map { $0.count > 40 ? "<\($0.count) chars>" : $0 }
            // As --db, most of these are just odd file names: a new, empty database (exit 1, not registered).
            let allowed: Set<Int32> = arguments.first == "--db" ? [1, 64, 74] : [0, 1, 64]
            XCTAssertTrue(allowed.contains(result.status), "\(shown): exit \(result.status) \(result.stderr.prefix(300))")
            if result.status != 0 {
                XCTAssertEqual(result.stdout, "", "\(shown)")
                XCTAssertEqual(result.errorLines.count, 1, "\(shown): \(result.stderr.prefix(300))")
            }
            XCTAssertFalse(result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump"), "\(shown)")
        }
        XCTAssertGreaterThan(exits[64] ?? 0, cases.count * 3 / 4)
        // Nothing half-written: only the one valid registration exists.
        let users = try slp.run("--json", "user", "show", "--as", me).jsonObject()
        XCTAssertEqual(users["nick"] as? String, "정상")
        XCTAssertEqual(try slp.run("user", "show", "--as", "010-9000-0002").status, 1, "no user was created by a refused registration")
    }
}
