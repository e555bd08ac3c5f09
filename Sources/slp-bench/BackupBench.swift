import Foundation
import SLPData
import Synchronization

/// `slp-bench --backup [--users N] [--clients K] [--seconds S]`: `slp backup` of a seeded
/// SQLite database (a million waiting people by default) while `slp serve` takes chat messages
/// from K clients as fast as it answers them, against `VACUUM INTO` (sqlite3) of the same live
/// file in the same run: each copy's time and size, and the writers' p50 / p99 in the S seconds
/// before each copy and while it runs.
enum BackupBench {
    /// One stretch of the load: its answered writes' times (µs), and how long it lasted.
    private struct Window {
        let micros: [Double]
        let seconds: Double
    }

    /// The window after each copy, when the commits its snapshot held back are checkpointed.
    private static let afterSeconds = 3.0

    static func run(_ arguments: [String]) throws {
        func value(_ name: String, _ fallback: Int) throws -> Int {
            guard let index = arguments.firstIndex(of: name) else { return fallback }
            guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number > 0 else {
                throw LoadFailure("\(name) needs a positive number")
            }
            return number
        }
        let users = try value("--users", 1_000_000), clients = try value("--clients", 4), seconds = Double(try value("--seconds", 10))
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-backup", buildHint: "swift build -c release --static-swift-stdlib")
        let slp = setup.slp, scratch = setup.scratch
        defer { setup.removeScratch() }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("slp-bench --backup \(Date()) on \(BenchSetup.machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load): "
            + "\(users) waiting people, \(clients) clients sending chat messages, \(Int(seconds)) s before each copy")

        let database = scratch + "/slp.sqlite"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let child = ChildProcess(scratch: scratch + "/child")
        let seeded = try child.run([slp, "--db", database, "seed", "--users", "\(users)", "--seed", "21"], environment: environment)
        guard seeded.status == 0 else { throw LoadFailure("slp seed failed (exit \(seeded.status)): \(seeded.errorText)") }
        print(String(format: "seeded in %.1f s", seeded.micros / 1e6))

        let serve = try SLPServeProcess(slp: slp, database: database, scratch: scratch, name: "serve")
        defer { serve.stop() }
        let client = HTTPClient(port: serve.port)
        // Matched in pairs, as many that no sender comes near their pace (5 messages a second).
        let people = clients * 32
        let pairs = try PushPeople(count: people, slp: slp, database: database, port: serve.port, scratch: scratch)

        // The load: each client round its own people, each answer kept with when it came.
        let stop = Atomic<Bool>(false)
        let answers = Mutex<[(end: UInt64, micros: Double, status: Int)]>([])
        let running = DispatchGroup()
        for index in 0..<clients {
            running.enter()
            Thread {
                defer { running.leave() }
                let mine = Array(stride(from: index, to: people, by: clients))
                var n = 0
                while !stop.load(ordering: .relaxed) {
                    let person = mine[n % mine.count]
                    n += 1
                    let answer = client.send(
                        "POST", "/v1/chat/\(pairs.partner(of: person).uid)", token: pairs.people[person].token, form: "chat=b\(index)+\(n)")
                    let end = Stopwatch.now()
                    answers.withLock { $0.append((end, answer.micros, answer.status)) }
                }
            }.start()
        }
        defer { stop.store(true, ordering: .relaxed); running.wait() }
        func window(from start: UInt64, to end: UInt64) -> Window {
            let inside = answers.withLock { all in all.filter { $0.end >= start + UInt64($0.micros * 1_000) && $0.end <= end } }
            return Window(micros: inside.filter { $0.status == 200 }.map(\.micros), seconds: Double(end - start) / 1e9)
        }
        func quiet() -> Window {
            let start = Stopwatch.now()
            Thread.sleep(forTimeInterval: seconds)
            return window(from: start, to: Stopwatch.now())
        }
        func copy(_ label: String, file: String, _ make: () throws -> Void) throws {
            let before = quiet()
            let start = Stopwatch.now()
            try make()
            let end = Stopwatch.now()
            let during = window(from: start, to: end)
            // The commits the copy's snapshot held in the WAL are checkpointed just after it: by
            // the copy, or else by a writer, which the writers behind its turn wait for.
            Thread.sleep(forTimeInterval: Self.afterSeconds)
            let after = window(from: end, to: Stopwatch.now())
            let size = ((try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? NSNumber)?.doubleValue ?? 0
            let check = try child.run(["/usr/bin/sqlite3", file, "PRAGMA integrity_check"], environment: environment)
            let (p99Before, p99During) = (Percentiles(before.micros).p99, Percentiles(during.micros).p99)
            print(String(
                format: "%@: %.1f s, %.0f MB, integrity %@; writes p50 / p99 %@ ms before (%.0f/s), %@ ms during (%.0f/s), %@ ms in the %.0f s after (max %.0f ms): p99 %.2f× during, %.2f× after",
                label, Double(end - start) / 1e9, size / 1e6, String(decoding: check.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                Milliseconds.p50p99(before.micros), Double(before.micros.count) / before.seconds,
                Milliseconds.p50p99(during.micros), Double(during.micros.count) / during.seconds,
                Milliseconds.p50p99(after.micros), Self.afterSeconds, (after.micros.max() ?? 0) / 1_000,
                p99During / p99Before, Percentiles(after.micros).p99 / p99Before))
        }
        func run(_ label: String, _ argv: [String]) throws {
            let result = try ChildProcess(scratch: scratch + "/" + label).run(argv, environment: environment)
            guard result.status == 0 else { throw LoadFailure("\(label) failed (exit \(result.status)): \(result.errorText)") }
        }
        let copyPath = scratch + "/copy.sqlite"
        try copy("slp backup", file: copyPath) { try run("slp backup", [slp, "--db", database, "backup", copyPath]) }
        let vacuumPath = scratch + "/vacuum.sqlite"
        try copy("VACUUM INTO (sqlite3)", file: vacuumPath) { try run("VACUUM INTO", ["/usr/bin/sqlite3", database, "VACUUM INTO '\(vacuumPath)'"]) }
    }
}
