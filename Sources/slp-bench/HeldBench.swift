import Foundation

/// `slp-bench --held [--idle N] [--clients K] [--phase-seconds S] [--rounds R]`: what connections
/// held open cost everyone else's REST requests through `slp serve` (its per-address limit
/// looks at them). K registered people send `GET /v1/user` back to back, one connection each,
/// from 127.0.0.1, in phases that alternate between no other connection open and N connections
/// held from 127.0.0.2 (`HeldConnections`: slow headers, the attack of issue 49); the phases are
/// compared in the same run, on the same server.
enum HeldBench {
    struct Options {
        var idle = 5_000
        var clients = 16
        var phaseSeconds = 10.0
        var rounds = 3

        init(_ arguments: [String]) throws {
            var index = arguments.startIndex
            func number(_ name: String) throws -> Double {
                guard index + 1 < arguments.endIndex, let value = Double(arguments[index + 1]), value > 0, value.isFinite else {
                    throw LoadFailure("\(name) needs a positive number")
                }
                index += 1
                return value
            }
            while index < arguments.endIndex {
                switch arguments[index] {
                case "--held": break
                case "--idle": idle = Int(try number("--idle"))
                case "--clients": clients = min(512, Int(try number("--clients")))
                case "--phase-seconds": phaseSeconds = try number("--phase-seconds")
                case "--rounds": rounds = Int(try number("--rounds"))
                case let other: throw LoadFailure("unknown option for --held: \(other)")
                }
                index += 1
            }
        }
    }

    static func run(_ arguments: [String]) throws {
        let options = try Options(Array(arguments.dropFirst()))
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-held", buildHint: "swift build -c release --static-swift-stdlib")
        defer { setup.removeScratch() }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("slp-bench --held \(Date()) on \(BenchSetup.machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load): "
            + "K = \(options.clients) clients of GET /v1/user, \(options.idle) connections held, \(options.rounds) rounds of \(Int(options.phaseSeconds)) s phases")

        let database = setup.scratch + "/held.sqlite"
        let serve = try SLPServeProcess(slp: setup.slp, database: database, scratch: setup.scratch, name: "serve")
        defer { serve.stop() }
        // Held connections beyond lighttpd's budget would be the attack of issue 49, not a load.
        let budget = try serve.configuration().text.split(separator: "\n").first { $0.hasPrefix("server.max-connections = ") }
            .flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        guard options.idle + options.clients < budget else {
            throw LoadFailure("--idle \(options.idle) and \(options.clients) clients do not fit in serve's \(budget) connections (half the hard descriptor limit)")
        }
        let tokens = try register(options.clients, slp: setup.slp, database: database, port: serve.port, scratch: setup.scratch)

        guard let lighttpd = ProcessTree(root: serve.pid).member(running: "lighttpd") else { throw LoadFailure("no lighttpd below slp serve") }
        // lighttpd's own CPU time per answer: where the limit's script runs, whatever else the machine does.
        var lighttpdMicros: [String: [Double]] = [:]
        let measure = { (label: String) -> HTTPThroughput in
            let before = ProcessTree.cpuSeconds(lighttpd)
            let phase = HTTPThroughput.measure(label, port: serve.port, clients: options.clients, seconds: options.phaseSeconds, expected: [200]) { client, _ in
                ("GET", "/v1/user", tokens[client], nil)
            }
            lighttpdMicros[label, default: []].append((ProcessTree.cpuSeconds(lighttpd) - before) * 1e6 / Double(max(1, phase.answers + phase.errors)))
            return phase
        }
        var none: [HTTPThroughput] = [], held: [HTTPThroughput] = []
        let show = { (phase: HTTPThroughput) in
            print(String(format: "   %@ %.0f/s, p50/p99 %@ / %@ ms, %d errors, lighttpd %.0f µs CPU per answer, %.2f cores busy", phase.label,
                         phase.perSecond, Milliseconds.text(phase.latency.p50), Milliseconds.text(phase.latency.p99), phase.errors,
                         lighttpdMicros[phase.label]?.last ?? .nan, phase.machineCores))
        }
        for round in 1...options.rounds {
            print("== round \(round)")
            none.append(measure("none held:"))
            show(none.last!)
            let connections = try HeldConnections(count: options.idle, port: serve.port, from: "127.0.0.2")
            held.append(measure("\(options.idle) held:"))
            let open = connections.stillOpen, silence = connections.longestSilence
            connections.close()
            show(held.last!)
            guard open == options.idle else {
                throw LoadFailure(String(format: "lighttpd closed %d of the held connections (the longest silence of one: %.1f s)", options.idle - open, silence))
            }
        }
        let mean = { (phases: [HTTPThroughput]) in phases.map(\.perSecond).reduce(0, +) / Double(phases.count) }
        let cpu = { (label: String) in (lighttpdMicros[label] ?? []).reduce(0, +) / Double(max(1, lighttpdMicros[label]?.count ?? 0)) }
        print(String(format: "GET /v1/user: %.0f/s with none held, %.0f/s with %d held: %.2f×; lighttpd %.0f µs CPU per answer, %.0f µs with them held",
                     mean(none), mean(held), options.idle, mean(held) / mean(none), cpu(none[0].label), cpu(held[0].label)))
    }

    /// `count` people registered through the API, as their apps sign up; their tokens.
    private static func register(_ count: Int, slp: String, database: String, port: UInt16, scratch: String) throws -> [String] {
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(NSHomeDirectory())", "LANG=C.UTF-8", "NO_COLOR=1"]
        let child = ChildProcess(scratch: scratch + "/token")
        let client = HTTPClient(port: port)
        return try (0..<count).map { index in
            let phone = String(format: "010-7000-%04d", index)
            let issued = try child.run([slp, "--db", database, "token", "--phone", phone], environment: environment)
            guard issued.status == 0 else { throw LoadFailure("slp token failed (exit \(issued.status)): \(issued.errorText)") }
            let token = String(decoding: issued.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let form = FormEncoding.form([
                ("phoneNumber", phone), ("FCMtoken", "bench"), ("nick", "held\(index)"), ("birth", "1995-01-01"),
                ("email", "held\(index)@example.com"), ("gender", "\(index % 2)"),
            ])
            let answer = client.send("POST", "/v1/user", token: token, form: form)
            guard answer.status == 200 else { throw LoadFailure("POST /v1/user answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
            return token
        }
    }
}
