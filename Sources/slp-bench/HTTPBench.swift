import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif

/// `slp-bench --http`: SLP's apps through `slp serve` (lighttpd handing requests to slp's SCGI workers)
/// with K = 1, 16, 64 clients, on each backend, against the floor (the same lighttpd running a
/// C program that prints a fixed document) measured in the same rounds. Each backend's crowd
/// (a million waiting people by default) is seeded once into a template that every round
/// copies, so rounds start alike. Backends take turns at each K.
enum HTTPBench {
    static func run(_ arguments: [String]) throws {
        let options = try HTTPOptions(Array(arguments.dropFirst()))
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-http", buildHint: "swift build -c release --static-swift-stdlib")
        let slp = setup.slp, scratch = setup.scratch
        defer { if !options.keep { setup.removeScratch() } }

        let machine = BenchSetup.machine
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("slp-bench --http \(Date()) on \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load): "
            + "K = \(options.clients.map(String.init).joined(separator: ", ")), mixed traffic \(Int(options.seconds)) s, "
            + "each single-request measurement \(Int(options.phaseSeconds)) s, a crowd of \(options.population)")

        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let seeding = { (location: String) throws -> Double in
            let result = try ChildProcess(scratch: scratch + "/seed").run(
                [slp, "--db", location, "seed", "--users", "\(options.population)", "--seed", "21"], environment: environment)
            guard result.status == 0 else {
                throw LoadFailure("slp seed failed (exit \(result.status)): \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return result.micros / 1e6
        }

        var backends: [(name: String, template: String, store: (Int) throws -> any LoadStore, postmaster: pid_t?)] = []
        if options.sqlite {
            let template = scratch + "/template.sqlite"
            print("SQLite: seeding \(options.population) waiting people…")
            print(String(format: "   %.1f s", try seeding(template)))
            backends.append(("SQLite", template, { clients in
                let store = SQLiteLoadStore(path: "\(scratch)/http-k\(clients).sqlite", keep: options.keep)
                try FileManager.default.copyItem(atPath: template, toPath: store.path)
                return store
            }, nil))
        }
        #if PostgreSQL
        var cluster: PrivateCluster?
        var templateStore: PostgreSQLLoadStore?
        defer {
            templateStore?.remove()
            cluster?.remove()
        }
        if let chosen = try options.postgres.start(announce: { print($0) }) {
            cluster = chosen.cluster
            let adminURL = chosen.adminURL
            let server = try LoadPostgreSQLServer(adminURL: adminURL, scratch: scratch)
            let name = "slp_http_\(getpid())"
            let template = try PostgreSQLLoadStore(server: server, name: name + "_template", keep: false)
            templateStore = template
            print("PostgreSQL: seeding \(options.population) waiting people…")
            print(String(format: "   %.1f s", try seeding(template.location)))
            backends.append(("PostgreSQL", template.location, { clients in
                try PostgreSQLLoadStore(server: server, name: "\(name)_k\(clients)", keep: options.keep, template: name + "_template")
            }, cluster?.serverProcess))
        }
        #else
        if options.postgres != .none {
            throw LoadFailure("this slp-bench was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL")
        }
        #endif
        guard let first = backends.first else { throw LoadFailure("no backend to run: --no-sqlite needs --postgres") }

        // The floor borrows the configuration slp serve generates.
        let floorProgram = try FloorCGI.build(in: scratch)
        // `--cgi`: the floor runs its program as CGI for every path, as slp does without workers.
        let probe = try SLPServeProcess(slp: slp, database: first.template, scratch: scratch, name: "serve-probe", options: ["--cgi"])
        let serveConfiguration = try probe.configuration()
        probe.stop()

        var report = HTTPReport(options: options)
        for clients in options.clients {
            for backend in backends {
                print("== \(backend.name), K = \(clients): registering, then the floor, myQueueState, search, the floor, the apps' traffic…")
                let store = try backend.store(clients)
                defer { store.remove() }
                let setting = HTTPRound.Setting(
                    slp: slp, scratch: scratch, options: options, floorProgram: floorProgram, serveConfiguration: serveConfiguration,
                    servePort: probe.port, postmaster: backend.postmaster)
                let round = try HTTPRound(store: store, clients: clients, setting: setting)
                print(String(
                    format: "   floor %.0f/s; myQueueState %.0f/s (%.2f×); search %.0f/s (%.2f×); apps %d requests, %d refused by the limits, %d 5xx, %d other errors; %d violations, %d lost",
                    round.floor, round.state.perSecond, round.state.perSecond / round.floor, round.search.perSecond,
                    round.search.perSecond / round.floor, round.tally.requests, round.tally.limited, round.tally.serverErrors, round.tally.otherErrors,
                    round.findings.violationCount, round.findings.lostCount))
                report.rounds.append(round)
            }
        }
        report.print()
    }
}
