import Foundation
import SLPData
import SLPTestSupport
import XCTest

/// Damaged database files: refused with exit 65 and one line, never a crash, never "repaired".
/// Read-only files and directories: reads work, writes exit 74 and touch nothing. A full disk or
/// a file size limit: exit 74, the failed write rolled back whole, everything acknowledged kept.
final class StorageFaultCLITests: XCTestCase {
    private func makeDatabase(_ slp: SLPBinary) throws {
        XCTAssertEqual(try slp.run(["register", "--phone", "010-9100-0001", "--nick", "n", "--birth", "1995-05-05",
                                    "--email", "a@example.com", "--gender", "male"]).status, 0)
        XCTAssertEqual(try slp.run("seed", "--users", "300").status, 0)
    }

    /// Damage that every command must cross: the file's header, its end cut off (half its first
    /// page, all but its first page, all but four), or the header of every page after the first
    /// (each table's and index's root among them). Each command, reading or writing, exits 65
    /// with the one line that names the damage, and the file is left byte for byte as it was,
    /// nothing created beside it. (Bytes flipped inside rows are another matter: SQLite keeps no
    /// checksums, so a flipped letter in a nick is read as a letter; nothing here promises to
    /// notice that.)
    func testDamagedFilesExit65WithOneExactLineAndStayUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sqlite")
        let slp = SLPBinary(database: path)
        try makeDatabase(slp)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // The database and its write queue's lock file (made by the first write).
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        XCTAssertEqual(files, ["damaged.sqlite", "damaged.sqlite-lock"])
        // The page size, big-endian at offset 16 (1 stands for 65,536).
        let stored = Int(original[16]) << 8 | Int(original[17])
        let pageSize = stored == 1 ? 65_536 : stored
        let pages = original.count / pageSize
        XCTAssertEqual(original.count % pageSize, 0)
        XCTAssertGreaterThan(pages, 8, "enough pages to cut some off")

        let notDatabase = "not an slp database: file is not a database"
        let malformed = "the database file is damaged: database disk image is malformed"
        var headerFlipped = original
        headerFlipped[0] ^= 0xFF
        var pageHeaders = original
        // A b-tree page's first byte is its type (2, 5, 10 or 13); flipped, no page reads as one.
        for page in 1..<pages { pageHeaders[page * pageSize] ^= 0x5A }
        let cases: [(name: String, bytes: Data, message: String)] = [
            ("the header's magic flipped", headerFlipped, notDatabase),
            ("cut to half its first page", original.prefix(pageSize / 2), malformed),
            ("cut to its first page", original.prefix(pageSize), malformed),
            ("cut to 4 of its \(pages) pages", original.prefix(4 * pageSize), malformed),
            ("every page's header after the first flipped", pageHeaders, malformed),
        ]
        let commands = [
            ["user", "show", "--as", "010-9100-0001"], ["search", "--as", "010-9100-0001", "--lat", "37.5665", "--long", "126.978"],
            ["seed", "--users", "10"], ["queue", "--as", "010-9100-0001", "--lat", "37.5665", "--long", "126.978"],
        ]
        for damage in cases {
            let damaged = Data(damage.bytes)
            try damaged.write(to: URL(fileURLWithPath: path))
            for command in commands {
                let context = "\(damage.name), \(command.prefix(2).joined(separator: " "))"
                let result = try slp.run(command)
                XCTAssertEqual(result.status, 65, "\(context): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", context)
                XCTAssertEqual(result.stderr, "Error: \(damage.message)\n", context)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), damaged, "\(context): left untouched")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted(), files, "\(context): nothing created")
            }
            let json = try slp.run(["--json"] + commands[0])
            XCTAssertEqual(json.status, 65, damage.name)
            XCTAssertEqual(json.errorLines, ["Error: \(damage.message)"], damage.name)
            XCTAssertEqual(try json.jsonError()["code"] as? String, "not_slp_database", damage.name)
            XCTAssertEqual(try json.jsonError()["message"] as? String, damage.message, damage.name)
        }
    }

    func testAPathThroughAFileIsAnIOError() throws {
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("file")))
        let slp = SLPBinary(database: directory.path("file/inside.sqlite"))
        let result = try slp.run("user", "show", "--as", "010-1234-5678")
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "Error: cannot use \(directory.path("file/inside.sqlite")) as a database: \(directory.path("file")) is not a directory\n")
    }

    /// A path may hold a line break; the error quoting it is still one line (the break shown
    /// as U+FFFD), and the JSON error keeps the exact path.
    func testAnErrorQuotingAPathWithALineBreakIsOneLine() throws {
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("fi\nle")))
        let path = directory.path("fi\nle/inside.sqlite")
        let slp = SLPBinary(database: path)
        let result = try slp.run("user", "show", "--as", "010-1234-5678")
        XCTAssertEqual(result.status, 74)
        let shown = directory.path("fi\u{FFFD}le")
        XCTAssertEqual(result.stderr, "Error: cannot use \(shown)/inside.sqlite as a database: \(shown) is not a directory\n")
        let json = try slp.run("--json", "user", "show", "--as", "010-1234-5678")
        XCTAssertEqual(json.status, 74)
        XCTAssertEqual(json.stderr.split(separator: "\n").count, 2, json.stderr)
        XCTAssertEqual(try json.jsonError()["message"] as? String, "cannot use \(path) as a database: \(directory.path("fi\nle")) is not a directory")
    }

    // MARK: - Read-only

    private static let readCommands: [[String]] = [
        ["user", "show"], ["search", "--lat", "37.5665", "--long", "126.978"], ["queue", "status"], ["chat", "list"],
    ]

    /// Two matched users who have talked, and 300 seeded around them; no -wal or -shm left.
    private func makeMatchedDatabase(_ slp: SLPBinary) throws -> (a: String, b: String) {
        func register(_ phone: String, _ nick: String) throws -> String {
            let result = try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05",
                                      "--email", "x@example.com", "--gender", "male"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        let a = try register("010-9100-0001", "에이"), b = try register("010-9100-0002", "비")
        XCTAssertEqual(try slp.run("seed", "--users", "300").status, 0)
        for uid in [a, b] { XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5665", "--long", "126.978").status, 0) }
        XCTAssertEqual(try slp.run("match", "request", b, "--as", a).status, 0)
        XCTAssertEqual(try slp.run("match", "accept", a, "--as", b).status, 0)
        XCTAssertEqual(try slp.run("chat", "send", "--as", a, "before the chmod").status, 0)
        return (a, b)
    }

    /// Every file in `directory` (name and bytes).
    private func snapshot(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    func testReadOnlyFileOrDirectoryServesReadsAndRefusesWrites() throws {
        let place = try Unprivileged()
        defer { withExtendedLifetime(place) {} }
        let directory = place.path("data")
        let path = directory + "/ro.sqlite"
        let slp = place.binary(database: path)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try Unprivileged.chmod(directory, 0o755)
        try place.giveAway(directory)
        let (a, b) = try makeMatchedDatabase(slp)
        let readOnlyFile = "the database file is read-only: \(path)"
        let readOnlyDirectory = "the database directory is read-only: \(directory) (writing creates ro.sqlite-wal there)"
        let cases: [(name: String, file: mode_t, directory: mode_t, error: String)] = [
            ("file 0444", 0o444, 0o755, readOnlyFile), ("file 0400", 0o400, 0o755, readOnlyFile),
            ("directory 0555", 0o600, 0o555, readOnlyDirectory), ("both", 0o444, 0o555, readOnlyFile),
        ]
        for (round, setup) in cases.enumerated() {
            // The write queue's lock file stays beside the database (made by its first write).
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["ro.sqlite", "ro.sqlite-lock"], setup.name)
            try Unprivileged.chmod(path, setup.file)
            try Unprivileged.chmod(directory, setup.directory)
            let before = try snapshot(directory)

            for command in Self.readCommands {
                let result = try slp.run(["--json"] + command + ["--as", a])
                XCTAssertEqual(result.status, 0, "\(setup.name): \(command) \(result.stderr)")
                XCTAssertEqual(result.stderr, "", "\(setup.name): \(command)")
            }
            let shown = try slp.run("user", "show", "--as", b)
            XCTAssertTrue(shown.stdout.contains("비"), "\(setup.name): \(shown.stdout)")
            let chat = try slp.run("chat", "list", "--as", b)
            XCTAssertTrue(chat.stdout.contains("before the chmod"), "\(setup.name): \(chat.stdout) \(chat.stderr)")

            let writes: [[String]] = [
                ["register", "--phone", "010-9100-\(String(format: "%04d", 10 + round))", "--nick", "새",
                 "--birth", "1995-05-05", "--email", "n@example.com", "--gender", "female"],
                ["seed", "--users", "10"], ["chat", "send", "--as", a, "after the chmod"], ["match", "dodge", "--as", b],
                ["user", "update", "--as", a, "--searchable", "off"],
            ]
            for command in writes {
                let result = try slp.run(command)
                XCTAssertEqual(result.status, 74, "\(setup.name): \(command) \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(setup.name): \(command)")
                XCTAssertEqual(result.stderr, "Error: \(setup.error)\n", "\(setup.name): \(command)")
            }
            let json = try slp.run(["--json"] + writes[1])
            XCTAssertEqual(json.status, 74)
            XCTAssertEqual(json.errorLines, ["Error: \(setup.error)"])
            XCTAssertEqual(try json.jsonError()["code"] as? String, "storage_error")
            XCTAssertEqual(try json.jsonError()["message"] as? String, setup.error)

            XCTAssertEqual(try snapshot(directory), before, "\(setup.name): nothing written, created or left behind")
            try Unprivileged.chmod(directory, 0o755)
            try Unprivileged.chmod(path, 0o600)
        }

        // Writable again: nothing left behind blocks a write, and everything is there.
        XCTAssertEqual(try slp.run("chat", "send", "--as", a, "after the chmod").status, 0)
        XCTAssertTrue(try slp.run("chat", "list", "--as", b).stdout.contains("after the chmod"))
        let connection = try Connection(path: path, readOnly: true)
        XCTAssertEqual(try connection.prepare("PRAGMA integrity_check").first { $0.text(0) }, "ok")
        XCTAssertEqual(try connection.prepare("SELECT count(*) FROM users").first { $0.int(0) }, 302)
    }

    func testANewDatabaseInAReadOnlyDirectoryIsAnIOError() throws {
        let place = try Unprivileged()
        defer { withExtendedLifetime(place) {} }
        let directory = place.path("locked")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try place.giveAway(directory)
        try Unprivileged.chmod(directory, 0o555)
        // Named by SLP_DB (its directory must exist), or the default location (its directories are made).
        for (named, database, error) in [
            (true, directory + "/new.sqlite", "the directory \(directory) is read-only"),
            (true, directory + "/sub/new.sqlite", "the directory \(directory)/sub does not exist"),
            (false, directory + "/slp/slp.sqlite", "cannot create \(directory)/slp: the directory \(directory) is read-only"),
        ] {
            var slp = place.binary(database: named ? database : nil)
            if !named { slp.environment["XDG_DATA_HOME"] = directory }
            let written = try slp.run(["seed", "--users", "5"])
            XCTAssertEqual(written.status, 74, written.stderr)
            XCTAssertEqual(written.stderr, "Error: cannot use \(database) as a database: \(error)\n")
            // Only reading: nothing to create, and nothing there.
            let read = try slp.run(["user", "show", "--as", "010-1234-5678"])
            XCTAssertEqual(read.status, 74, read.stderr)
            XCTAssertEqual(read.stderr, "Error: no slp database at \(database)\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [], "nothing created")
    }

    // MARK: - Full disk

    /// Counts that tell whether a write went in whole, half or not at all.
    private func census(_ path: String) throws -> (integrity: String?, users: Int?, queued: Int?, seeded: Int?) {
        let connection = try Connection(path: path)
        return (try connection.prepare("PRAGMA integrity_check").first { $0.text(0) },
                try connection.prepare("SELECT count(*) FROM users").first { $0.int(0) },
                try connection.prepare("SELECT count(*) FROM queue").first { $0.int(0) },
                try connection.prepare("SELECT drawn FROM seed_state").first { $0.int(0) })
    }

    /// Writes past the point where `limited` cannot grow the files: exit 74 with `error`, nothing
    /// half-written, everything acknowledged kept, and the file usable once there is room.
    private func fillUp(path: String, limited: SLPBinary, unlimited: SLPBinary, error: String,
                        makeRoom: () throws -> Void = {}, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try unlimited.run("register", "--phone", "010-9200-0001", "--nick", "앞", "--birth", "1995-05-05",
                                         "--email", "a@example.com", "--gender", "male").status, 0, file: file, line: line)
        XCTAssertEqual(try unlimited.run("seed", "--users", "300").status, 0, file: file, line: line)

        // Room for a small write…
        let small = try limited.run("register", "--phone", "010-9200-0002", "--nick", "뒤", "--birth", "1995-05-05",
                                    "--email", "b@example.com", "--gender", "male")
        XCTAssertEqual(small.status, 0, small.stderr, file: file, line: line)
        let acknowledged = small.stdout.trimmingCharacters(in: .newlines)
        let before = try census(path)
        XCTAssertEqual(before.users, 302, file: file, line: line)

        // …not for 20,000 users in one transaction, nor for them again.
        for attempt in 0..<2 {
            let big = try limited.run(attempt == 0 ? ["seed", "--users", "20000"] : ["--json", "seed", "--users", "20000"])
            XCTAssertEqual(big.status, 74, "\(big.stderr) (a signal shows as its number)", file: file, line: line)
            XCTAssertEqual(big.stdout, "", file: file, line: line)
            XCTAssertEqual(big.errorLines, ["Error: \(error)"], big.stderr, file: file, line: line)
            XCTAssertEqual(big.stderr.split(separator: "\n").count, attempt == 0 ? 1 : 2, big.stderr, file: file, line: line)
            if attempt == 1 { XCTAssertEqual(try big.jsonError()["code"] as? String, "storage_error", file: file, line: line) }
        }
        // Reads go on at the limit.
        let shown = try limited.run("user", "show", "--as", acknowledged)
        XCTAssertEqual(shown.status, 0, shown.stderr, file: file, line: line)

        // With room again: whole, nothing of the failed batch, the acknowledged user there.
        try makeRoom()
        let after = try census(path)
        XCTAssertEqual(after.integrity, "ok", file: file, line: line)
        XCTAssertEqual(after.users, 302, "the failed seed stored nothing", file: file, line: line)
        XCTAssertEqual(after.queued, before.queued, file: file, line: line)
        XCTAssertEqual(after.seeded, 300, file: file, line: line)
        XCTAssertEqual(try unlimited.run("user", "show", "--as", acknowledged).status, 0, file: file, line: line)
        XCTAssertEqual(try unlimited.run("seed", "--users", "1000").status, 0, file: file, line: line)
        XCTAssertEqual(try census(path).users, 1302, file: file, line: line)
        XCTAssertEqual(try census(path).integrity, "ok", file: file, line: line)
    }

    /// `ulimit -f`: the portable way to run out of room, for any user. SIGXFSZ would kill slp;
    /// slp ignores it, so the write fails with EFBIG and is reported.
    func testAFileSizeLimitIsAnIOErrorAndLosesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let path = directory.path("full.sqlite")
        let unlimited = SLPBinary(database: path)
        var limited = unlimited
        // 2048 blocks: 1 MiB (512-byte blocks, POSIX sh) or 2 MiB; the database starts near 220 KiB.
        limited.launcher = ["/bin/sh", "-c", #"ulimit -f 2048 && exec "$0" "$@""#]
        try fillUp(path: path, limited: limited, unlimited: unlimited,
                   error: "the file size limit (ulimit -f) is reached: cannot write \(path)")
    }

    /// Standard output that cannot take the output (a full device, a closed descriptor): one
    /// line on standard error and exit 74, not a crash.
    func testUnwritableStandardOutputIsAnIOError() throws {
        for (target, reason) in [("/dev/full", "No space left on device"), ("&-", "Bad file descriptor")] {
            let outcome = try TimedProcess.run(["/bin/sh", "-c", #""$0" --version >"# + target, SLPBinary.url.path], environment: ["PATH": "/usr/bin:/bin"])
            XCTAssertEqual(outcome.status, 74, target)
            XCTAssertEqual(outcome.stderrText, "Error: cannot write to standard output: \(reason)\n", target)
        }
    }

    /// A search's JSON, streamed to standard output in chunks: whole and exact through a pipe,
    /// and when standard output cannot take it, one line on standard error and exit 74, written
    /// once however many chunks were left.
    func testALargeSearchStreamsToStandardOutputOrFailsOnce() throws {
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        var slp = SLPBinary(database: directory.path("large.sqlite"))
        try makeDatabase(slp)
        XCTAssertEqual(try slp.run("seed", "--users", "700", "--seed", "2").status, 0)
        let search = ["--json", "search", "--as", "010-9100-0001", "--lat", "37.5665", "--long", "126.978", "--radius", "50000"]
        let found = try slp.run(search)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertGreaterThan(found.stdout.utf8.count, 3 * 65_536, "several chunks")
        XCTAssertTrue(found.stdout.hasSuffix("]}\n"))
        XCTAssertEqual(found.stdout.filter { $0 == "\n" }.count, 1)
        let cards = try XCTUnwrap(try found.jsonObject()["fromQueueDB"] as? [[String: Any]])
        XCTAssertEqual(cards.count, found.stdout.components(separatedBy: #"{"uid":"#).count - 1)
        XCTAssertGreaterThan(cards.count, 500)

        for (target, reason) in [("/dev/full", "No space left on device"), ("&-", "Bad file descriptor")] {
            slp.launcher = ["/bin/sh", "-c", #"exec "$0" "$@" >"# + target]
            let failed = try slp.run(search)
            XCTAssertEqual(failed.status, 74, target)
            XCTAssertEqual(failed.stderr, "Error: cannot write to standard output: \(reason)\n", target)
        }
    }

    /// A file system that is really full (ENOSPC): a 2 MiB tmpfs of the test's own (the file, its
    /// write-ahead log and its index after seeding 300 take about 1 MiB; 20,000 more users need
    /// several). Mounting one needs root, as CI runs: there a mount that fails fails the test,
    /// with mount's own words. A run that is not root cannot reach a full file system; it says
    /// so in its output and runs the same checks under a file size limit instead
    /// (`testAFileSizeLimitIsAnIOErrorAndLosesNothing` covers that for every user).
    func testAFullFileSystemIsAnIOErrorAndLosesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let mountPoint = directory.path("tmpfs")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        func system(_ arguments: [String]) throws -> ProcessOutcome {
            try TimedProcess.run(arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        }
        guard Unprivileged.isRoot else {
            print("""
                StorageFaultCLITests: a full file system is not reached in this run: mounting a tmpfs needs root, and this \
                run is uid \(getuid()); the same checks ran under `ulimit -f` instead. CI runs as root and mounts one.
                """)
            let path = directory.path("full.sqlite")
            let unlimited = SLPBinary(database: path)
            var limited = unlimited
            limited.launcher = ["/bin/sh", "-c", #"ulimit -f 2048 && exec "$0" "$@""#]
            try fillUp(path: path, limited: limited, unlimited: unlimited, error: "the file size limit (ulimit -f) is reached: cannot write \(path)")
            return
        }
        let mount = try system(["/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint])
        guard mount.status == 0 else {
            return XCTFail("root could not mount a 2 MiB tmpfs at \(mountPoint), so no full file system was reached: mount exited \(mount.status): \(mount.stderrText)")
        }
        defer { XCTAssertEqual(try? system(["/bin/umount", mountPoint]).status, 0, "umount \(mountPoint)") }
        let path = mountPoint + "/full.sqlite"
        let slp = SLPBinary(database: path)
        // A full file system gets room by growing it.
        try fillUp(path: path, limited: slp, unlimited: slp, error: "the disk is full: cannot write \(path)", makeRoom: {
            let grown = try system(["/bin/mount", "-o", "remount,size=64m", mountPoint])
            XCTAssertEqual(grown.status, 0, grown.stderrText)
        })
    }
}
