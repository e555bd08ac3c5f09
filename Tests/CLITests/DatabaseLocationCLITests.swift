import Foundation
import XCTest

/// Only the commands that may start a service (`register`, `seed`) create the database, and only
/// the default location's directories are ever made: a mistyped `--db` or `SLP_DB` never starts
/// a new, empty service.
final class DatabaseLocationCLITests: XCTestCase {
    private let readingCommands: [[String]] = [
        ["user", "show"], ["queue", "status"], ["search"], ["chat", "list"], ["chat", "follow"], ["events", "--once"], ["shop", "list"],
    ]
    private let actingCommands: [[String]] = [
        ["user", "update", "--searchable", "off"], ["user", "withdraw", "--yes"], ["queue", "--lat", "37.5", "--long", "127"],
        ["queue", "stop"], ["match", "request", "U1"], ["match", "dodge"], ["chat", "send", "hi"], ["shop", "buy", "sesac", "1"],
    ]

    func testAMissingFileIsNoDatabaseAndNothingIsCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("typo.sqlite")
        let slp = SLPBinary(database: path)
        for command in readingCommands + actingCommands {
            let result = try slp.run(["--json"] + command + ["--as", "010-1234-5678"])
            XCTAssertEqual(result.status, 74, "\(command): \(result.stderr)")
            XCTAssertEqual(result.errorLines, ["Error: no slp database at \(path)"], "\(command)")
            XCTAssertEqual(try result.jsonError()["code"] as? String, "no_database", "\(command)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(command) created the database")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), [], "nothing beside it either")
        // An empty file nobody made slp's yet is no database either, and stays empty.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(try slp.run("user", "show", "--as", "010-1234-5678").stderr, "Error: no slp database at \(path)\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, 0)
    }

    func testAnExplicitPathInAMissingDirectoryIsRefusedEvenForRegister() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tpyo/slp.sqlite")
        // Named by SLP_DB, and by --db (which wins over a good SLP_DB).
        let named = [(SLPBinary(database: path), [String]()), (SLPBinary(database: directory.path("good.sqlite")), ["--db", path])]
        for (slp, db) in named {
            let register = try slp.run(["--json"] + db + ["register", "--phone", "010-1234-5678", "--nick", "새싹", "--birth", "1998-03-14",
                                                        "--email", "a@example.com", "--gender", "female"])
            XCTAssertEqual(register.status, 74, register.stderr)
            XCTAssertEqual(register.errorLines, ["Error: cannot use \(path) as a database: the directory \(directory.path("tpyo")) does not exist"])
            XCTAssertEqual(try register.jsonError()["code"] as? String, "storage_error")
            let seed = try slp.run(db + ["seed", "--users", "3"])
            XCTAssertEqual(seed.status, 74, seed.stderr)
            let show = try slp.run(db + ["user", "show", "--as", "010-1234-5678"])
            XCTAssertEqual(show.stderr, "Error: no slp database at \(path)\n")
            XCTAssertEqual(show.status, 74)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), [], "no directory or file was made")
    }

    func testWritingCommandsCreateTheFileWhereTheDirectoryExists() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("seeded.sqlite"))
        let seeded = try slp.run("seed", "--users", "5")
        XCTAssertEqual(seeded.status, 0, seeded.stderr)
        XCTAssertEqual(seeded.stderr, "", "no progress when standard error is not a terminal")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("seeded.sqlite"))
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        // Now there is one: reading works (and says who is not registered).
        XCTAssertEqual(try slp.run("user", "show", "--as", "010-1234-5678").stderr, "Error: no registered user '010-1234-5678'\n")
    }

    /// The default location (`$XDG_DATA_HOME/slp`, else `~/.local/share/slp`) gets its directories.
    func testTheDefaultLocationIsMadeByTheFirstWrite() throws {
        let directory = try TemporaryDirectory()
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        let slp = SLPBinary(database: nil, extra: ["HOME": home])
        let before = try slp.run("queue", "status", "--as", "010-1234-5678")
        XCTAssertEqual(before.stderr, "Error: no slp database at \(home)/.local/share/slp/slp.sqlite\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "reading made nothing")
        let registered = try slp.run("register", "--phone", "010-1234-5678", "--nick", "새싹", "--birth", "1998-03-14", "--email", "a@example.com",
                                     "--gender", "female")
        XCTAssertEqual(registered.status, 0, registered.stderr)
        for made in [".local", ".local/share", ".local/share/slp"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: home + "/" + made)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700, made)
        }
        XCTAssertEqual(try slp.run("queue", "status", "--as", "010-1234-5678").status, 0)
    }

    /// On every backend: a command that only reads (or acts for a user) on a store with no slp
    /// data refuses with `no_database`; the first register makes it.
    func testOnEveryBackendOnlyACreatingCommandStartsTheService() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            for command in readingCommands + actingCommands {
                let result = try slp.run(["--json"] + command + ["--as", "010-1234-5678"])
                XCTAssertEqual(result.status, 74, "\(command): \(result.stderr)")
                XCTAssertEqual(try result.jsonError()["code"] as? String, "no_database", "\(command)")
                XCTAssertTrue(result.errorLines.first?.hasPrefix("Error: no slp database ") ?? false, result.stderr)
            }
            let people = Scenario(database: database)
            let uid = try people.register("010-1234-5678", "새싹")
            XCTAssertEqual(try people.run("user", "show", "--as", uid).status, 0)
        }
    }
}
