import Foundation

/// One round of the load mode: K clients on one fresh store for a fixed time, then the store
/// checked. Setting up (the seeded crowd, registering the clients' people) is not timed.
struct LoadRound: Sendable {
    let backend: String
    let clients: Int
    /// From the start signal to the last client's last process exit.
    let seconds: Double
    let seedSeconds: Double
    /// `slp --version` run alone just before the clients start: the cost of a process that
    /// touches no store, on the machine as loaded then.
    let processStart: Percentiles
    /// The machine's one-minute load average at the start and at the end (other users' work
    /// shows here too).
    let loadAverage: (start: Double, end: Double)
    let tally: LoadTally
    let acknowledged: LoadAcknowledgements
    let findings: LoadInvariants.Findings

    init(store: any LoadStore, clients: Int, options: LoadOptions, slp: String, scratch: String) throws {
        backend = store.backend
        self.clients = clients
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let setups = (0..<clients).map {
            LoadWorker.Setup(index: $0, slp: slp, database: store.location, environment: environment, scratch: scratch, seed: 21)
        }

        // The crowd goes in first: its process also makes the schema.
        let seeding = try ChildProcess(scratch: scratch + "/seed").run(
            [slp, "--db", store.location, "--json", "seed", "--users", "\(options.population)", "--seed", "21",
             "--center", "\(LoadWorker.centre.latitude),\(LoadWorker.centre.longitude)", "--spread-km", "5"],
            environment: environment)
        guard seeding.status == 0 else {
            throw LoadFailure("slp seed failed (exit \(seeding.status)): \(seeding.errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        seedSeconds = seeding.micros / 1e6

        let perClient = options.actorsPerClient
        let registered = ThreadGroup.run(clients) { index -> Result<[LoadActor], any Error> in
            var worker = LoadWorker(setups[index])
            return Result { try worker.register(count: perClient) }
        }
        let actors = try registered.map { try $0.get() }
        let everyone = Set(actors.joined().map(\.uid))

        let baseline = ChildProcess(scratch: scratch + "/baseline")
        processStart = Percentiles(try (0..<30).map { _ in try baseline.run([slp, "--version"], environment: environment).micros })

        let loadAtStart = LoadRound.loadAverage()
        let started = Stopwatch.now()
        let deadline = started + UInt64(options.seconds * 1e9)
        let results = ThreadGroup.run(clients) { index -> (LoadTally, LoadAcknowledgements) in
            var worker = LoadWorker(setups[index])
            worker.run(actors: actors[index], everyone: everyone, until: deadline)
            return (worker.tally, worker.acknowledged)
        }
        seconds = Double(Stopwatch.now() - started) / 1e9
        loadAverage = (loadAtStart, LoadRound.loadAverage())
        var tally = LoadTally(), acknowledged = LoadAcknowledgements()
        for (part, acks) in results {
            tally.merge(part)
            acknowledged.merge(acks)
        }
        self.tally = tally
        self.acknowledged = acknowledged
        findings = try LoadInvariants.check(store, acknowledged)
    }

    /// The first field of /proc/loadavg.
    private static func loadAverage() -> Double {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).flatMap { $0.split(separator: " ").first.flatMap { Double($0) } } ?? .nan
    }
}
