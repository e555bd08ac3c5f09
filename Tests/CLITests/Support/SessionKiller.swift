#if PostgreSQL
import Foundation
import SLPPrivateCluster
import SLPTestSupport

/// Ends every slp session (`application_name` slp) on one database every few milliseconds (the
/// pauses drawn from a test's seed), from a thread of its own, as an operator's
/// `pg_terminate_backend` would.
final class SessionKiller: @unchecked Sendable {
    private let cluster: PrivateCluster
    private let url: String
    private let database: String
    private let seed: TestSeed
    private let lock = NSLock()
    private var running = true
    private var kills = 0
    private let done = DispatchSemaphore(value: 0)

    init(cluster: PrivateCluster, url: String, database: String, seed: TestSeed) {
        self.cluster = cluster
        self.url = url
        self.database = database
        self.seed = seed
    }

    func start() {
        Thread.detachNewThread { [self] in
            var random = seed.generator()
            while lock.withLock({ running }) {
                let ended = (try? cluster.query("""
                    SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
                    WHERE application_name = 'slp' AND datname = '\(database)'
                    """, on: url))?.first?.first ?? nil
                lock.withLock { kills += Int(ended ?? "0") ?? 0 }
                usleep(UInt32.random(in: 3_000...20_000, using: &random))
            }
            done.signal()
        }
    }

    /// Stops ending sessions; how many it ended.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { kills }
    }
}
#endif
