#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain
import SLPRealtime
import SLPWebServer

/// The hub's numbers in serve's metrics file (`slp serve --metrics`), its own slot: written
/// as the loop, the feed and the counts' reader go, each its own numbers, with no lock and no
/// database write. Without `--metrics` there is none and nothing is counted.
final class HubMetrics: Sendable {
    /// How often the loop writes its gauges, and the counts' reader reads the database.
    static let interval: Duration = .seconds(1)
    static let countsInterval: Duration = .seconds(5)

    private let file: MetricsFile

    /// The hub's slot, claimed for this process; nil without `--metrics`.
    init?(_ environment: ProcessEnvironment) {
        guard let path = environment[MetricsPage.countingVariable], let file = try? MetricsFile(path: path) else { return nil }
        self.file = file
        file.register(.hub, pid: getpid())
    }

    /// On the loop: its gauges and this process's database retries, now and every `interval`.
    func sample(_ server: HubServer, polls: HubEventPolls) {
        file.set(.sockets, of: .hub, to: UInt64(server.connectionCount))
        file.set(.sessions, of: .hub, to: UInt64(server.engineIO.sessionCount))
        file.set(.polls, of: .hub, to: UInt64(polls.count))
        file.set(.databaseRetries, of: .hub, to: DatabaseRetryCounts.retries.load(ordering: .relaxed))
        file.set(.databaseFailures, of: .hub, to: DatabaseRetryCounts.failures.load(ordering: .relaxed))
        _ = server.loop.after(Self.interval) { [weak server, weak polls] in
            if let server, let polls { self.sample(server, polls: polls) }
        }
    }

    /// On the loop: `batch` emitted now, each event timed from its commit by the wall clock
    /// (an event stored before that was kept, by the domain's clock).
    func delivered(_ batch: [AddressedEvent], at now: Date = Date()) {
        for addressed in batch {
            let seconds = max(0, now.timeIntervalSince(addressed.writtenAt ?? addressed.event.createdAt))
            file.observeDelivery(of: .hub, microseconds: UInt64(min(seconds, 1e9) * 1_000_000))
        }
    }

    /// On the feed's thread: it has read everything committed up to now.
    func feedIsCurrent(at now: Date = Date()) {
        file.set(.feedCurrentAt, of: .hub, to: UInt64(max(0, now.timeIntervalSince1970) * 1_000_000))
    }

    /// On the counts' reader's thread: what its last read found.
    func counted(waiting: Int, pushes: PushCounts, at now: Date = Date()) {
        let values: [(MetricsValue, Int)] = [
            (.waitingUsers, waiting), (.pushesPending, pushes.pending), (.pushesSent, pushes.sent), (.pushesRetried, pushes.retried),
            (.pushesDropped, pushes.dropped), (.pushesTokensCleared, pushes.tokensCleared), (.pushesParked, pushes.parked),
        ]
        for (value, count) in values { file.set(value, of: .hub, to: UInt64(max(0, count))) }
        file.set(.countsReadAt, of: .hub, to: UInt64(max(0, now.timeIntervalSince1970) * 1_000_000))
    }
}
