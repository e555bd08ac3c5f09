import Foundation

/// Another process that stalls a store every `slp` process is using, until released: every read
/// and write of what the hub reads waits. For SQLite it holds, with `fcntl`, every lock byte of
/// the WAL index (`-shm` bytes 120 to 127, as sqlite.org/walformat.html lays them out): readers
/// find no read mark they may take and retry, writers wait out their busy timeout. For
/// PostgreSQL a session holds `users` and `events` in ACCESS EXCLUSIVE mode, which every
/// statement that touches them waits for. Ready once it says it holds them (no guessed sleep).
final class DatabaseStall {
    static let sqliteScript = #"""
        import fcntl, os, sys
        index = os.open(sys.argv[1] + "-shm", os.O_RDWR)
        fcntl.lockf(index, fcntl.LOCK_EX, 8, 120, os.SEEK_SET)
        print("held", flush=True)
        sys.stdin.read()
        """#

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let release: String

    /// Holds the store `database` of `backend` names; returns once it holds it.
    init(_ backend: TestBackend, _ database: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        switch backend {
        case .sqlite:
            process.arguments = ["python3", "-c", Self.sqliteScript, database]
            release = ""
        #if PostgreSQL
        case .postgreSQL:
            process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", database]
            release = "COMMIT;\n"
        #endif
        }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        if backend != .sqlite {
            input.fileHandleForWriting.write(Data("BEGIN;\nLOCK TABLE slp.users, slp.events IN ACCESS EXCLUSIVE MODE;\n\\echo held\n".utf8))
        }
        // Waits at most for the lock; its process ends if it cannot take it.
        var said = Data()
        while !said.contains(Data("held\n".utf8)) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ToolError("the stall did not take hold of the database: \(String(decoding: said, as: UTF8.self))") }
            said += chunk
        }
    }

    /// Lets the store go; waits until the holder is gone.
    func end() {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data(release.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        end()
    }
}
