import Foundation

/// What one phase of the push benchmark measured: the messages committed (and refused), the
/// pushes the fake FCM accepted for them, lost and duplicated (by collapse id), how soon each
/// came after its commit, how many a second, and what the sender (`slp-push`) and the fake
/// spent. Times from commit use the chat's `createdAt` (the committing transaction's time, so
/// the figure includes the commit itself); from the answer, when the API's 200 had come back.
struct PushFigures: Sendable {
    let label: String
    let committed: Int
    let refused: Int
    let pushes: Int
    let lost: Int
    let duplicated: Int
    /// Microseconds from `createdAt`, and from the API's answer, to the request read by the fake.
    let fromCommit: [Double]
    let fromAnswer: [Double]
    /// From the first commit (or the sender's release) to the last push read.
    let seconds: Double
    let senderCPU: Double
    let fakeCPU: Double
    /// The fake's busiest process: near a whole core, the fake (not the sender) set the pace.
    let fakeBusiest: Double
    let machineCores: Double
    /// The sender's resident memory when the phase ended, in bytes.
    let senderResident: Int
    let load: String
    /// PostgreSQL transactions its server refused as serialization failures meanwhile (retried
    /// whole by slp), when the benchmark's own cluster's log can tell; nil otherwise.
    var conflicts: Int?

    var perSecond: Double { Double(pushes) / seconds }
    /// Pushes per second of the sender's CPU: what one core of it carries.
    var perCore: Double { Double(pushes) / senderCPU }

    var line: String {
        String(
            format: "%@: %d committed (%d refused), %d pushed, %d lost, %d duplicated; commit → push p50/p99 %@ ms (from the answer %@); "
                + "%.0f pushes/s; slp-push %.2f CPU s = %.0f µs a push, %.0f pushes/s per core (%.2f cores), %d MiB resident; fake %.2f cores (its busiest process %.2f); machine %.2f cores busy; load %@",
            label, committed, refused, pushes, lost, duplicated, Milliseconds.p50p99(fromCommit), Milliseconds.p50p99(fromAnswer),
            perSecond, senderCPU, senderCPU * 1e6 / Double(max(1, pushes)), perCore, senderCPU / seconds, senderResident >> 20, fakeCPU / seconds, fakeBusiest / seconds,
            machineCores, load) + (conflicts.map { "; \($0) serialization failures (server log)" } ?? "")
    }

    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}
