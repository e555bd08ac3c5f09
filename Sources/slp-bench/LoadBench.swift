import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif

/// `slp-bench --load`: many clients at once, as people on different hosts. For each K, each
/// backend gets a fresh store and K clients running whole `slp` processes for a fixed time;
/// then the store is checked. Backends take turns at each K, so a machine that gets busier
/// during the run weighs on both alike.
enum LoadBench {
    static func run(_ arguments: [String]) throws {
        let options = try LoadOptions(Array(arguments.dropFirst()))
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-load", buildHint: "swift build -c release --traits PostgreSQL")
        let slp = setup.slp, scratch = setup.scratch
        defer { if !options.keep { setup.removeScratch() } }

        let machine = BenchSetup.machine
        print("slp-bench --load \(Date()) on \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores: "
            + "K = \(options.clients.map(String.init).joined(separator: ", ")), \(Int(options.seconds)) s each, "
            + "\(options.peoplePerClient) people per client (\(options.people) at least), a crowd of \(options.population)")

        var backends: [(name: String, store: (Int) throws -> any LoadStore, postmaster: () -> pid_t?)] = []
        if options.sqlite {
            backends.append(("SQLite", { SQLiteLoadStore(path: "\(scratch)/load-k\($0).sqlite", keep: options.keep) }, { nil }))
        }
        #if PostgreSQL
        var cluster: PrivateCluster?
        defer { cluster?.remove() }
        if let chosen = try options.postgres.start(announce: { print($0) }) {
            cluster = chosen.cluster
            let adminURL = chosen.adminURL
            let server = try LoadPostgreSQLServer(adminURL: adminURL, scratch: scratch)
            backends.append(("PostgreSQL", { try PostgreSQLLoadStore(server: server, name: "slp_load_\(getpid())_k\($0)", keep: options.keep) },
                             { cluster?.serverProcess }))
        }
        #else
        print("note: this slp-bench is built without the PostgreSQL trait, so --load runs SQLite only (swift build -c release --traits PostgreSQL)")
        #endif
        guard !backends.isEmpty else { throw LoadFailure("no backend to run: --no-sqlite needs --postgres") }

        var report = LoadReport(secondsPerRound: options.seconds)
        for clients in options.clients {
            for backend in backends {
                print("== \(backend.name), K = \(clients): seeding, registering \(clients * options.people(perClientOf: clients)) people, then \(Int(options.seconds)) s…")
                let store = try backend.store(clients)
                defer { store.remove() }
                let round = try LoadRound(store: store, clients: clients, options: options, slp: slp, scratch: scratch, postmaster: backend.postmaster())
                print("   \(round.tally.runs) processes, \(round.acknowledged.matches.count) matches, \(round.tally.refusals) refusals, "
                    + "\(round.tally.errors) errors; \(round.findings.violationCount) violations, \(round.findings.lostCount) lost")
                report.rounds.append(round)
            }
        }
        report.print()
    }
}
