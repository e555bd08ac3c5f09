import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif

/// `slp-bench --pushes N`: pushes as `slp serve` sends them (its `slp-push`, release build) to a
/// fake FCM on 127.0.0.1 that answers after 50 ms, as Google's does (`FakeFCMServers`). P people
/// with device tokens chat in pairs through the API; three phases on each backend: messages at
/// a fixed rate (commit → push latency), N as fast as the API commits them, and N committed
/// while the sender is held (SIGSTOP) then released, its own pace. Each: lost and duplicated
/// pushes (the fake's log, by collapse id), pushes a second, the sender's CPU from /proc. The
/// anchor in the same run: Google's `firebase-admin` sending N to the same fake
/// (`FirebaseAdminAnchor`). Goals (issue 50): 2,000 pushes/s per core of the sender, p99 ≤ 200 ms
/// at 100 events/s, and at least the anchor's pushes per second per core.
enum PushBench {
    static func run(_ arguments: [String]) throws {
        let options = try PushOptions(Array(arguments.dropFirst()))
        let setup = try BenchSetup(
            benchPath: arguments[0], scratchName: "slp-pushes",
            buildHint: "swift build -c release --static-swift-stdlib --product slp --product slp-push --product slp-bench")
        defer { setup.removeScratch() }
        let sender = URL(fileURLWithPath: setup.slp).deletingLastPathComponent().appendingPathComponent("slp-push").path
        guard FileManager.default.isExecutableFile(atPath: sender) else { throw LoadFailure("\(sender) not found; build it first (--product slp-push)") }
        say("slp-bench --pushes \(options.count) \(Date()) on \(BenchSetup.machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "load average \(PushFigures.loadAverage): \(options.people) people in pairs, fake FCM answering after \(options.delayMilliseconds) ms "
            + "(\(options.fakes) processes)")
        let fake = try FakeFCMServers(
            count: options.fakes, delayMilliseconds: options.delayMilliseconds, scratch: setup.scratch, script: FakeFCMServers.defaultScript)
        defer { fake.stop() }
        let arrivals = PushArrivals(paths: fake.logPaths)

        var backends: [(name: String, open: () throws -> any LoadStore, conflicts: (() -> Int)?)] = []
        if options.sqlite {
            backends.append(("SQLite", { SQLiteLoadStore(path: setup.scratch + "/pushes.sqlite", keep: false) }, nil))
        }
        #if PostgreSQL
        var cluster: PrivateCluster?
        defer { cluster?.remove() }
        if let chosen = try options.postgres.start(announce: say) {
            cluster = chosen.cluster
            let server = try LoadPostgreSQLServer(adminURL: chosen.adminURL, scratch: setup.scratch)
            // The benchmark's own cluster logs each serialization failure: how often writes met.
            let log = chosen.cluster.map { $0.directory + "/log" }
            backends.append((
                "PostgreSQL", { try PostgreSQLLoadStore(server: server, name: "slp_pushes_\(getpid())", keep: false) },
                log.map { path in { serializationFailures(inLog: path) } }))
        }
        #else
        if options.postgres != .none {
            throw LoadFailure("this slp-bench was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL --scratch-path .build-pg")
        }
        #endif
        guard !backends.isEmpty else { throw LoadFailure("no backend to run: --no-sqlite needs --postgres") }

        var results: [(backend: String, phases: [PushFigures], peakKiB: Int)] = []
        for backend in backends {
            let store = try backend.open()
            defer { store.remove() }
            let measured = try measure(
                backend.name, store: store, options: options, setup: setup, fake: fake, arrivals: arrivals, conflicts: backend.conflicts)
            results.append((backend.name, measured.phases, measured.peakKiB))
        }
        var anchor: FirebaseAdminAnchor.Figures?
        if options.anchor {
            say("== the anchor: firebase-admin (\(FirebaseAdminAnchor.package)) messaging.send_each, \(options.count) messages, batches of 500…")
            let load = PushFigures.loadAverage
            let before = arrivals.poll()
            let figures = try FirebaseAdminAnchor.run(count: options.count, devices: options.people, fake: fake, scratch: setup.scratch)
            arrivals.wait(quietFor: PushPhase.quietSeconds) { $0.count >= before + figures.sent + 1 }
            let received = arrivals.all[before...].filter { $0.body?.hasPrefix("anchor-") == true && $0.body != "anchor-warm" }
            let duplicated = received.count - Set(received.map(\.collapseID)).count
            say(String(format: "   sent %d (%d failed%@), %d at the fake, %d duplicated; %.0f pushes/s; %.2f CPU s = %.0f µs a push, "
                           + "%.0f pushes/s per core (%.2f cores); load %@",
                       figures.sent, figures.failed, figures.firstError.isEmpty ? "" : ": " + figures.firstError, received.count, duplicated,
                       figures.perSecond, figures.cpu, figures.cpu * 1e6 / Double(max(1, figures.sent)), figures.perCore,
                       figures.cpu / figures.seconds, load))
            anchor = figures
        }
        say("the fake's processes accepted " + arrivals.perLog.map(String.init).joined(separator: ", ") + " pushes")
        summarise(results, anchor: anchor, options: options)
    }

    /// The three phases on one backend, through one `slp serve` with its sender.
    private static func measure(
        _ backend: String, store: any LoadStore, options: PushOptions, setup: BenchSetup, fake: FakeFCMServers, arrivals: PushArrivals,
        conflicts: (() -> Int)?
    ) throws -> (phases: [PushFigures], peakKiB: Int) {
        say("== slp serve on \(backend), its slp-push: registering \(options.people) people with device tokens, matching them in pairs…")
        let serve = try SLPServeProcess(
            slp: setup.slp, database: store.location, scratch: setup.scratch, name: "serve-\(backend)",
            options: ["--fcm-credentials", fake.serviceAccountPath], environment: ["SSL_CERT_FILE=\(fake.caFile)", "SLP_FCM_URL=\(fake.baseURL)"])
        defer { serve.stop() }
        let before = arrivals.poll()
        let people = try PushPeople(count: options.people, slp: setup.slp, database: store.location, port: serve.port, scratch: setup.scratch)
        guard let sender = ProcessTree(root: serve.pid).member(running: "slp-push") else { throw LoadFailure("no slp-push below slp serve") }
        // Fewer when a request was accepted before its push went: it is no longer news (dropped as stale).
        arrivals.wait(quietFor: 3) { $0.count >= before + people.setupPushes }
        say("   \(arrivals.all.count - before) of their \(people.setupPushes) study request and acceptance pushes arrived")

        var phases: [PushFigures] = []
        let run = { (label: String, tag: String, count: Int, rate: Double?, clients: Int, held: Bool) in
            let figures = PushPhase.measure(
                label, tag: tag, count: count, rate: rate, clients: clients, held: held, people: people, port: serve.port,
                sender: sender, fake: fake, arrivals: arrivals, conflicts: conflicts)
            say("   " + figures.line)
            phases.append(figures)
        }
        let rated = Int(options.rate * options.rateSeconds)
        run(String(format: "%.0f/s for %.0f s", options.rate, options.rateSeconds), "rate", rated, options.rate, max(4, min(64, Int(options.rate / 25))), false)
        run("as fast as \(options.clients) clients commit", "max", options.count, nil, options.clients, false)
        run("held, then let go", "held", options.count, nil, options.clients, true)
        let peakKiB = peakResidentKiB(sender)
        let counts = try ChildProcess(scratch: setup.scratch + "/pushes").run(
            [setup.slp, "--db", store.location, "pushes", "--json"], environment: ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())"])
        say("   slp-push peak RSS \(peakKiB / 1_024) MiB; slp pushes --json: " + String(decoding: counts.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        return (phases, peakKiB)
    }

    private static func summarise(_ results: [(backend: String, phases: [PushFigures], peakKiB: Int)], anchor: FirebaseAdminAnchor.Figures?, options: PushOptions) {
        say("\nslp-bench --pushes: summary (load average now \(PushFigures.loadAverage))")
        say("backend     phase                          pushed  lost  dup  commit→push p50/p99 ms  pushes/s  µs CPU/push  pushes/s per core  peak RSS")
        for (backend, phases, peakKiB) in results {
            for phase in phases {
                say(backend.padding(toLength: 12, withPad: " ", startingAt: 0) + phase.label.padding(toLength: 31, withPad: " ", startingAt: 0)
                    + String(format: "%6d %5d %4d  %22@  %8.0f  %11.0f  %17.0f  %5d MiB", phase.pushes, phase.lost, phase.duplicated,
                             Milliseconds.p50p99(phase.fromCommit), phase.perSecond, phase.senderCPU * 1e6 / Double(max(1, phase.pushes)),
                             phase.perCore, peakKiB / 1_024))
            }
        }
        if let anchor {
            say("anchor      firebase-admin send_each       " + String(
                format: "%6d %5@ %4@  %22@  %8.0f  %11.0f  %17.0f", anchor.sent, "", "", "–", anchor.perSecond,
                anchor.cpu * 1e6 / Double(max(1, anchor.sent)), anchor.perCore))
        }
        for (backend, phases, _) in results where phases.count == 3 {
            let (rated, held) = (phases[0], phases[2])
            let p99 = Percentiles(rated.fromCommit).p99 / 1_000
            say(String(format: "%@: %.0f pushes/s per core of slp-push held then let go (goal ≥ 2,000: %@); p99 %.0f ms at %.0f/s (goal ≤ 200: %@)",
                       backend, held.perCore, held.perCore >= 2_000 ? "met" : "missed", p99, options.rate, p99 <= 200 ? "met" : "missed")
                + (anchor.map { String(format: "; the anchor's %.0f per core (goal ≥: %@)", $0.perCore, held.perCore >= $0.perCore ? "met" : "missed") } ?? ""))
        }
    }

    /// How many serialization failures a PostgreSQL server's log holds.
    private static func serializationFailures(inLog path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return [UInt8](data).split(separator: UInt8(ascii: "\n")).count { $0.firstRange(of: Array("could not serialize".utf8)) != nil }
    }

    /// The most memory `pid` has held resident (VmHWM), in KiB.
    private static func peakResidentKiB(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
