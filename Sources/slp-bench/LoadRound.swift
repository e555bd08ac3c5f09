import Foundation

/// One round of the load mode: K clients on one fresh store for a fixed time, then the store
/// checked. Setting up (the seeded crowd, registering the clients' people) is not timed.
struct LoadRound: Sendable {
    let backend: String
    let clients: Int
    /// The registered people the clients act as, all clients together.
    let people: Int
    /// From the start signal to the last client's last process exit.
    let seconds: Double
    let seedSeconds: Double
    /// `slp --version` run alone just before the clients start: the cost of a process that
    /// touches no store, on the machine as loaded then.
    let processStart: Percentiles
    /// Cores kept busy during the timed run (of the machine's), by this benchmark (slp-bench,
    /// the slp processes, the private cluster) and by everything else on the shared machine.
    let cores: (benchmark: Double, others: Double)
    /// CPU time per `slp` process run (ms): the client side (the slp processes, with
    /// slp-bench's own small share) and the private cluster's (0 for SQLite or a given server).
    let cpuPerProcess: (client: Double, server: Double)
    let tally: LoadTally
    let acknowledged: LoadAcknowledgements
    let findings: LoadInvariants.Findings

    init(store: any LoadStore, clients: Int, options: LoadOptions, slp: String, scratch: String, postmaster: pid_t?) throws {
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

        let perClient = options.people(perClientOf: clients)
        people = perClient * clients
        let registered = ThreadGroup.run(clients) { index -> Result<[LoadActor], any Error> in
            var worker = LoadWorker(setups[index])
            return Result { try worker.register(count: perClient) }
        }
        let actors = try registered.map { try $0.get() }
        let everyone = Set(actors.joined().map(\.uid))

        let baseline = ChildProcess(scratch: scratch + "/baseline")
        processStart = Percentiles(try (0..<30).map { _ in try baseline.run([slp, "--version"], environment: environment).micros })

        let before = CPUSample(postmaster: postmaster)
        let started = Stopwatch.now()
        let deadline = started + UInt64(options.seconds * 1e9)
        let results = ThreadGroup.run(clients) { index -> (LoadTally, LoadAcknowledgements) in
            var worker = LoadWorker(setups[index])
            worker.run(actors: actors[index], everyone: everyone, until: deadline)
            return (worker.tally, worker.acknowledged)
        }
        seconds = Double(Stopwatch.now() - started) / 1e9
        let after = CPUSample(postmaster: postmaster)
        let client = after.benchmark - before.benchmark, server = after.cluster - before.cluster
        cores = ((client + server) / seconds, max(0, after.machine - before.machine - client - server) / seconds)
        var tally = LoadTally(), acknowledged = LoadAcknowledgements()
        for (part, acks) in results {
            tally.merge(part)
            acknowledged.merge(acks)
        }
        self.tally = tally
        cpuPerProcess = (client / Double(max(tally.runs, 1)) * 1_000, server / Double(max(tally.runs, 1)) * 1_000)
        self.acknowledged = acknowledged
        findings = try LoadInvariants.check(store, acknowledged)
    }

}
