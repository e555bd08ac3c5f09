import Foundation

/// What a benchmark of whole `slp` processes starts from: the `slp` built beside slp-bench, a
/// scratch directory of its own, and the machine it runs on (for the report's first line).
struct BenchSetup {
    let slp: String
    let scratch: String

    /// `benchPath` is slp-bench's own path (its first argument); `scratchName` names the scratch
    /// directory under the temporary one; `buildHint` says how to build a missing `slp`.
    init(benchPath: String, scratchName: String, buildHint: String) throws {
        slp = URL(fileURLWithPath: benchPath).deletingLastPathComponent().appendingPathComponent("slp").path
        guard FileManager.default.isExecutableFile(atPath: slp) else {
            throw LoadFailure("\(slp) not found; build it first (\(buildHint))")
        }
        scratch = NSTemporaryDirectory() + "\(scratchName)-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    func removeScratch() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// `uname -srm`, or "?".
    static var machine: String {
        (try? Shell.run("/bin/uname", ["-srm"]).output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
    }
}
