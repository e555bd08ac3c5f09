import Foundation

/// `slp-bench --write-limits`: what bounding each user's writes (docs/API.md, "Limits") bounds
/// and costs, through `slp serve` on SQLite, K clients: chat messages a second one token gets
/// accepted when every client floods its partner, `GET myQueueState` a second, and chat messages
/// a second from many people each below their limit. With `--before SLP` (the build before the
/// limits), rounds alternate between the two, each on a fresh store.
enum WriteLimitBench {
    static func run(_ arguments: [String]) throws {
        let options = try WriteLimitOptions(Array(arguments.dropFirst()))
        let setup = try BenchSetup(benchPath: arguments[0], scratchName: "slp-write-limits", buildHint: "swift build -c release")
        defer { setup.removeScratch() }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("slp-bench --write-limits \(Date()) on \(BenchSetup.machine), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load): "
            + "K = \(options.clients), \(Int(options.seconds)) s each, \(options.people) people, SQLite")
        var binaries = [("after", setup.slp)]
        if let before = options.before {
            guard FileManager.default.isExecutableFile(atPath: before) else { throw LoadFailure("--before: \(before) is not an executable") }
            binaries.insert(("before", before), at: 0)
        }
        let header = "round  slp     myQueueState/s (p50 ms)   chat below the limit/s (p50 ms, refused)   one token's chat: accepted/s (answered/s, refused)"
        print(header)
        for round in 1...options.rounds {
            for (label, slp) in binaries {
                let measured = try WriteLimitRound(slp: slp, label: "\(label)-\(round)", scratch: setup.scratch, options: options)
                let flood = measured.flood
                print(String(format: "%5d  ", round) + label.padding(toLength: 6, withPad: " ", startingAt: 0) + String(
                    format: "  %14.0f (%.1f)        %22.0f (%.1f, %d)             %10.1f (%.0f, %d)",
                    measured.state.perSecond, measured.state.latency.p50 / 1_000, measured.chatBelow.perSecond,
                    measured.chatBelow.latency.p50 / 1_000, measured.chatBelow.errors, flood.perSecond,
                    Double(flood.answers + flood.errors) / flood.seconds, flood.errors))
            }
        }
    }
}
