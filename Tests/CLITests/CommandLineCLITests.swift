import Foundation
import SLPData
import XCTest

/// Help, version, usage errors and exit codes of the binary.
final class CommandLineCLITests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var slp: SLPBinary!

    // XCTest keeps every test case object until the run ends: let the directory go now.
    override func tearDown() {
        directory = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        slp = SLPBinary(database: directory.path("slp.sqlite"))
    }

    func testADatabaseServerURLNeverShowsItsPasswordAndAnythingElseIsAFile() throws {
        #if PostgreSQL
        // No server there: one line, exit 74, and the password nowhere.
        let urls = ["postgresql://slp:s3cret@/slp?host=/nonexistent-slp-socket", "postgres:///slp?host=/nonexistent-slp-socket&password=s3cret"]
        let (status, code) = (Int32(74), "storage_error")
        #else
        let urls = ["postgresql://slp:s3cret@db.example.com:5432/slp?sslmode=require", "postgres:///slp?host=/tmp&password=s3cret"]
        let (status, code) = (Int32(64), "no_postgresql")
        #endif
        for url in urls {
            let given = try slp.run("--db", url, "user", "show", "--as", "someone")
            #if PostgreSQL
            XCTAssertEqual(given.stdout, "")
            XCTAssertEqual(given.status, status)
            XCTAssertEqual(given.errorLines, [
                "Error: cannot connect to PostgreSQL database slp on /nonexistent-slp-socket: No such file or directory; "
                    + "Is the server running locally and accepting connections on that socket?",
            ])
            #else
            XCTAssertEqual(given, .init(
                stdout: "", stderr: "Error: this slp was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL\n",
                status: status))
            #endif
            let fromEnvironment = try slp.run(["--json", "queue", "status", "--as", "someone"], environment: ["SLP_DB": url])
            XCTAssertEqual(fromEnvironment.status, status)
            XCTAssertEqual(try fromEnvironment.jsonError()["code"] as? String, code)
            XCTAssertFalse((given.stderr + fromEnvironment.stderr).contains("s3cret"))
        }
        // Anything else is a file path, however it looks.
        var here = slp!
        here.currentDirectory = directory.url
        let file = try here.run(["register", "--phone", "010-5000-0001", "--nick", "파일", "--birth", "1990-01-01", "--email", "f@example.com",
                                 "--gender", "male", "--db", "./postgres:x"])
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path("postgres:x")))
    }

    func testVersionAndHelp() throws {
        XCTAssertEqual(try slp.run("--version"), .init(stdout: "0.1.0\n", stderr: "", status: 0))
        let help = try slp.run("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Find study partners nearby, match one to one, and chat.\n"))
        XCTAssertTrue(help.stdout.contains("\nUSAGE: slp <subcommand>\n"))
        XCTAssertTrue(help.stdout.contains("\nSUBCOMMANDS:\n  register                Register a new account and print its uid.\n"))
        XCTAssertEqual(try slp.run("help"), help)
        XCTAssertEqual(try slp.run(), help)
        let registerHelp = try slp.run("register", "--help")
        XCTAssertEqual(try slp.run("help", "register"), registerHelp)
        XCTAssertTrue(registerHelp.stdout.contains(
            "USAGE: slp register --phone <phone> --nick <nick> --birth <yyyy-mm-dd> --email <email> --gender <gender>\n"))
        XCTAssertEqual(try slp.run("user", "update", "-h").stdout, try slp.run("help", "user", "update").stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path("slp.sqlite")), "help does not create the database")
    }

    /// --json is never silently ignored: JSON where there is one, a usage error where there is none.
    func testJSONIsNeverIgnored() throws {
        XCTAssertEqual(try slp.run("--version", "--json"), .init(stdout: #"{"version":"0.1.0"}"# + "\n", stderr: "", status: 0))
        for (arguments, name) in [
            (["demo", "--json"], "slp demo"), (["--json", "completion", "bash"], "slp completion"), (["help", "--json"], "slp help"),
            (["--json", "serve"], "slp serve"), (["--json", "--help"], "help"), (["user", "--json"], "help"), (["--json", "queue", "-h"], "help"),
        ] {
            XCTAssertEqual(try slp.run(arguments), .init(stdout: "", stderr: """
                Error: --json: \(name) has no JSON output
                {"error":{"code":"usage","status":null,"message":"--json: \(name) has no JSON output"}}

                """, status: 64), "\(arguments)")
        }
    }

    func testExitCodesTopic() throws {
        XCTAssertEqual(try slp.run("help", "exit-codes").stdout, """
            EXIT CODES:
              0   ok
              1   refused by a service rule (the JSON error code says which)
              64  usage error or invalid value
              65  not an slp database, or a newer schema than this slp knows
              69  a program slp needs is missing (lighttpd and its mod_magnet, or slp-push, for serve)
              70  internal error
              73  backup: the file exists already (never overwritten)
              74  I/O error: no database there, database cannot open, disk full, read-only; stdout unwritable; a port already taken
              75  database still busy after retries
              78  configuration error: serve's SLP_FIREBASE_PROJECT and SLP_FIREBASE_CERTS (one without the other, a broken certificates file), or its FCM service account file
              130 interrupted by Ctrl-C while waiting (queue --wait: you are still in the queue)

            """)
    }

    func testUsageErrorsLookLikeArgumentParser() throws {
        let result = try slp.run("register", "--nik", "x")
        XCTAssertEqual(result, .init(stdout: "", stderr: """
            Error: Unknown option '--nik'. Did you mean '--nick'?
            Usage: slp register --phone <phone> --nick <nick> --birth <yyyy-mm-dd> --email <email> --gender <gender>
              See 'slp register --help' for more information.

            """, status: 64))
        let json = try slp.run("--json", "regster")
        XCTAssertEqual(json.status, 64)
        XCTAssertEqual(json.errorLines, ["Error: Unknown subcommand 'regster'. Did you mean 'register'?"])
        XCTAssertEqual(try json.jsonError()["code"] as? String, "usage")
        XCTAssertTrue(try json.jsonError()["status"] is NSNull)
    }

    /// A token with a line break, a control or a great length is quoted visibly and cut short:
    /// the `Error:` line stays one line, followed only by the usage lines.
    func testUsageErrorsQuoteTokensOnOneLine() throws {
        let rootUsage = "Usage: slp <subcommand>\n  See 'slp --help' for more information.\n"
        XCTAssertEqual(try slp.run("foo\nbar"), .init(stdout: "", stderr: """
            Error: Unknown subcommand 'foo\u{FFFD}bar'
            \(rootUsage)
            """, status: 64))
        XCTAssertEqual(try slp.run("user", "sh\rw"), .init(stdout: "", stderr: """
            Error: Unknown subcommand 'sh\u{FFFD}w'. Did you mean 'show'?
            Usage: slp user <subcommand>
              See 'slp user --help' for more information.

            """, status: 64))
        XCTAssertEqual(try slp.run("user", "show", "--js\non"), .init(stdout: "", stderr: """
            Error: Unknown option '--js\u{FFFD}on'. Did you mean '--json'?
            Usage: slp user show [<uid>]
              See 'slp user show --help' for more information.

            """, status: 64))
        XCTAssertEqual(try slp.run("user", "show", "-\n"), .init(stdout: "", stderr: """
            Error: Unknown option '-\u{FFFD}'
            Usage: slp user show [<uid>]
              See 'slp user show --help' for more information.

            """, status: 64))
        XCTAssertEqual(try slp.run("user", "show", "A", "B\r\nC\u{2028}D"), .init(stdout: "", stderr: """
            Error: Unexpected argument 'B\u{FFFD}\u{FFFD}C\u{FFFD}D'
            Usage: slp user show [<uid>]
              See 'slp user show --help' for more information.

            """, status: 64))
        XCTAssertEqual(try slp.run("help", "user", "a\tb"), .init(stdout: "", stderr: """
            Error: Unknown subcommand 'a\u{FFFD}b'
            Usage: slp help [--man] [<subcommand> ...]
              See 'slp help --help' for more information.

            """, status: 64))
        let long = try slp.run(String(repeating: "x\n", count: 5_000))
        XCTAssertEqual(long.stderr, "Error: Unknown subcommand '\(String(repeating: "x\u{FFFD}", count: 20))…'\n\(rootUsage)")
        XCTAssertEqual(long.status, 64)
        let json = try slp.run("--json", "a\nb")
        XCTAssertEqual(json.status, 64)
        XCTAssertEqual(json.stderr.split(separator: "\n").count, 4, json.stderr)
        XCTAssertEqual(json.errorLines, ["Error: Unknown subcommand 'a\u{FFFD}b'"])
        XCTAssertEqual(try json.jsonError()["message"] as? String, "Unknown subcommand 'a\u{FFFD}b'")
    }

    func testBadClockIsAUsageError() throws {
        let result = try slp.run(["user", "show", "--as", "x"], environment: ["SLP_NOW": "soon"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stderr, "Error: SLP_NOW: 'soon' is not an ISO 8601 time\n")
    }

    /// Times with digits other than ASCII ones (Arabic-Indic here) used to trap the parser.
    func testTimesWithOtherDigitsAreRefusedOnOneLine() throws {
        let clock = try slp.run(["user", "show", "--as", "x"], environment: ["SLP_NOW": "٢٠٢٦-١١-٢١"])
        XCTAssertEqual(clock, .init(stdout: "", stderr: "Error: SLP_NOW: '٢٠٢٦-١١-٢١' is not an ISO 8601 time\n", status: 64))
        for since in ["٢٠٢٦-١١-٢١", "2026-11-21T10:00:00.٥", "2026-11-21T10:00+٠٩:٠٠"] {
            let result = try slp.run("chat", "list", "--as", "x", "--since", since)
            XCTAssertEqual(
                result, .init(stdout: "", stderr: "Error: --since: '\(since)' is not an ISO 8601 time\n", status: 64), since)
        }
    }

    func testDatabasesThatAreNotOursAreRefusedUntouched() throws {
        let foreign = directory.path("foreign.sqlite")
        try Connection(path: foreign).execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
        let refused = try slp.run("--db", foreign, "--json", "user", "show", "--as", "x")
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.errorLines, ["Error: \(foreign) is not an slp database"])
        XCTAssertEqual(try refused.jsonError()["code"] as? String, "not_slp_database")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: foreign)), before)

        let garbage = directory.path("garbage.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: garbage))
        XCTAssertEqual(try slp.run("--db", garbage, "user", "show", "--as", "x").status, 65)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: garbage)), Data(repeating: 0x41, count: 8192))

        let newer = directory.path("newer.sqlite")
        try Connection(path: newer).execute("PRAGMA application_id = 1397510193; PRAGMA user_version = 99; CREATE TABLE t(x);")
        let newerResult = try slp.run("--db", newer, "user", "show", "--as", "x")
        XCTAssertEqual(newerResult.status, 65)
        XCTAssertTrue(newerResult.stderr.hasPrefix("Error: \(newer) has schema version 99, newer than this slp knows ("), newerResult.stderr)
        XCTAssertTrue(newerResult.stderr.hasSuffix("); upgrade slp\n"), newerResult.stderr)

        let asDirectory = try slp.run("--db", directory.url.path, "user", "show", "--as", "x")
        XCTAssertEqual(asDirectory.status, 74)
        XCTAssertEqual(asDirectory.stderr, "Error: cannot use \(directory.url.path) as a database: it is a directory\n")
    }
}
