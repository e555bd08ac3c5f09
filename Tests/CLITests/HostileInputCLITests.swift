import Foundation
import XCTest

/// Every option with hostile values, each with the one outcome it must have: its exit status
/// (64 for a value that is not one, 1 for a service rule's refusal, 74 for a `--db` path that
/// cannot be a database, 0 for a value that is valid after all, as an empty study list means
/// "anything") and, when refused, its error code, with one `Error:` line and nothing on standard
/// output. On every backend; `--db` values, file names whatever `SLP_DB` is, are tried once.
final class HostileInputCLITests: XCTestCase {
    /// What one invocation must end with: an exit status and, unless 0, the JSON error's code.
    private struct Outcome: Equatable, CustomStringConvertible {
        let status: Int32
        let code: String?

        init(_ status: Int32, _ code: String? = nil) {
            self.status = status
            self.code = code
        }

        static let accepted = Outcome(0)
        static func usage(_ code: String) -> Outcome { Outcome(64, code) }
        static func refused(_ code: String) -> Outcome { Outcome(1, code) }

        var description: String { code.map { "exit \(status) \($0)" } ?? "exit \(status)" }
    }

    private static let huge = String(repeating: "가", count: 30_000)  // 90 KB: under the 128 KiB limit of one argument

    /// Values for options that take a number.
    private static let numbers = ["", " ", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e400", "-1e400", "0x1p3", "0x10", "1,5", "１８",
                                  "99999999999999999999999", "--", "1 2", "\u{202E}18", huge]
    /// Values for options that take text, in the order the outcome lists below follow.
    private static let texts = ["", " ", "a\u{7}b", "\u{202E}admin", "\u{200B}", "ㅤ", "x'); DROP TABLE users;--", huge,
                                "ＡＤＭＩＮ", "ad\u{0301}min", "\u{FEFF}nick"]

    /// A number option's outcome for `value`: not a number (or out of the type's range) is
    /// `invalid_value`; `--` is taken for the end of options, leaving the option without one.
    private static func number(_ value: String, outOfRange: Outcome = .usage("invalid_value")) -> Outcome {
        switch value {
        case "--": .usage("usage")
        case "99999999999999999999999": outOfRange
        default: .usage("invalid_value")
        }
    }

    /// One outcome per `texts` value, from a short spelling: "64 code", "1 code" or "0".
    private static func perText(_ spelled: [String]) -> [Outcome] {
        precondition(spelled.count == texts.count, "one outcome per text value")
        return spelled.map { entry in
            let parts = entry.split(separator: " ")
            return Outcome(Int32(parts[0])!, parts.count > 1 ? String(parts[1]) : nil)
        }
    }

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

        var cases: [(arguments: [String], expected: Outcome)] = []
        for value in Self.numbers {
            cases.append((["queue", "--as", me, "--lat", value, "--long", "127"], Self.number(value, outOfRange: .usage("invalid_coordinate"))))
            cases.append((["queue", "--as", me, "--lat", "37", "--long", value], Self.number(value, outOfRange: .usage("invalid_coordinate"))))
            cases.append((["search", "--as", me, "--lat", "37", "--long", "127", "--radius", value], Self.number(value, outOfRange: .usage("invalid_radius"))))
            cases.append((["search", "--as", me, "--lat", "37", "--long", "127", "--limit", value], Self.number(value)))
            cases.append((["user", "update", "--as", me, "--age-min", value], Self.number(value)))
            cases.append((["chat", "list", "--as", me, "--limit", value], Self.number(value)))
            cases.append((["seed", "--users", value], Self.number(value)))
            cases.append((["shop", "wear", "--as", me, "--sesac", value], Self.number(value)))
        }
        // Texts: "", " ", BEL, RLO, ZWSP, Hangul filler, SQL, 30,000 characters, full-width, NFD, BOM.
        let every = { (outcome: String) in Array(repeating: outcome, count: Self.texts.count) }
        let textOptions: [(arguments: (String) -> [String], outcomes: [Outcome])] = [
            ({ ["register", "--phone", "010-9000-0002", "--nick", $0, "--birth", "1995-05-05", "--email", "a@example.com", "--gender", "female"] },
             Self.perText(every("64 invalid_nick").enumerated().map { [8, 9].contains($0.offset) ? "1 nick_not_allowed" : $0.element })),
            ({ ["register", "--phone", $0, "--nick", "n", "--birth", "1995-05-05", "--email", "a@example.com", "--gender", "female"] },
             Self.perText(every("64 invalid_phone"))),
            ({ ["register", "--phone", "010-9000-0003", "--nick", "n", "--birth", $0, "--email", "a@example.com", "--gender", "female"] },
             Self.perText(every("64 invalid_value"))),
            ({ ["register", "--phone", "010-9000-0004", "--nick", "n", "--birth", "1995-05-05", "--email", $0, "--gender", "female"] },
             Self.perText(every("64 invalid_email"))),
            ({ ["register", "--phone", "010-9000-0005", "--nick", "n", "--birth", "1995-05-05", "--email", "a@example.com", "--gender", $0] },
             Self.perText(every("64 invalid_gender"))),
            // A study list: empty is "anything"; the SQL splits at its spaces into short words.
            ({ ["queue", "--as", me, "--lat", "37", "--long", "127", "--study", $0] },
             Self.perText(["0", "0", "64 invalid_study", "64 invalid_study", "64 invalid_study", "64 invalid_study", "0", "64 invalid_study",
                           "0", "0", "64 invalid_study"])),
            // One study to filter by: nothing left once invisible characters go is no filter.
            ({ ["search", "--as", me, "--lat", "37", "--long", "127", "--study", $0] },
             Self.perText(["0", "0", "64 invalid_study", "64 invalid_study", "0", "64 invalid_study", "64 invalid_study", "64 invalid_study",
                           "0", "0", "64 invalid_study"])),
            ({ ["user", "update", "--as", me, "--study", $0 + String(repeating: "x", count: $0.isEmpty ? 0 : 60)] },
             Self.perText(["0"] + Array(repeating: "64 invalid_study", count: Self.texts.count - 1))),
            ({ ["user", "update", "--as", me, "--searchable", $0] }, Self.perText(every("64 invalid_value"))),
            ({ ["match", "request", $0, "--as", me] }, Self.perText(every("64 invalid_uid"))),
            ({ ["match", "report", $0, "--as", me, "--reason", "rude"] }, Self.perText(every("64 invalid_uid"))),
            ({ ["chat", "list", "--as", me, "--since", $0] }, Self.perText(every("64 invalid_value"))),
            // A message that is one reaches the rule that I have nobody to send it to.
            ({ ["chat", "send", "--as", me, $0] },
             Self.perText(["64 invalid_message", "1 not_matched", "64 invalid_message", "1 not_matched", "1 not_matched", "1 not_matched",
                           "1 not_matched", "64 invalid_message", "1 not_matched", "1 not_matched", "1 not_matched"])),
            ({ ["--as", $0, "user", "show"] }, Self.perText(every("1 not_registered"))),
        ]
        for option in textOptions {
            for (value, expected) in zip(Self.texts, option.outcomes) { cases.append((option.arguments(value), expected)) }
        }
        // As --db, an odd file name where no database is (a read creates none), a name too long
        // for the file system, or nothing at all.
        if backend == .sqlite {
            for value in Self.texts {
                let expected: Outcome = value.isEmpty ? .usage("invalid_value") : value == Self.huge ? Outcome(74, "storage_error") : Outcome(74, "no_database")
                cases.append((["--db", value, "user", "show", "--as", me], expected))
            }
        }

        var refusals = 0
        for (arguments, expected) in cases {
            let result = try slp.run(["--json"] + arguments)
            let shown = arguments.map { $0.count > 40 ? "<\($0.count) characters>" : $0 }
            let code = result.status == 0 ? nil : (try? result.jsonError()["code"] as? String) ?? "none"
            XCTAssertEqual(Outcome(result.status, code), expected, "\(shown): \(result.stderr.prefix(300))")
            XCTAssertFalse(result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump"), "\(shown)")
            if result.status == 0 {
                XCTAssertFalse(result.stdout.isEmpty, "\(shown)")
            } else {
                refusals += 1
                XCTAssertEqual(result.stdout, "", "\(shown)")
                XCTAssertEqual(result.errorLines.count, 1, "\(shown): \(result.stderr.prefix(300))")
            }
        }
        XCTAssertEqual(cases.count, backend == .sqlite ? 317 : 306)
        XCTAssertGreaterThan(refusals, cases.count * 3 / 4)
        // Nothing half-written: only the one valid registration exists.
        let users = try slp.run("--json", "user", "show", "--as", me).jsonObject()
        XCTAssertEqual(users["nick"] as? String, "정상")
        XCTAssertEqual(try slp.run("user", "show", "--as", "010-9000-0002").status, 1, "no user was created by a refused registration")
    }
}
