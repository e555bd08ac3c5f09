#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPDomain
import SLPSupport

/// With `slp serve --metrics`: the hub reads the people waiting and the push counts every
/// `HubMetrics.countsInterval` on a thread and a connection of its own, and keeps what it read
/// in its metrics slot, so the metrics page never waits on the database (a read that hangs
/// only leaves the numbers, and the time they were read, as they were).
enum HubServiceCounts {
    /// Starts the reader's thread; false if none could be started.
    static func start(_ location: StorageLocation, metrics: HubMetrics) -> Bool {
        DetachedThread.start { read(location, metrics: metrics) }
    }

    private static func read(_ location: StorageLocation, metrics: HubMetrics) {
        var link = HubStorageLink(location, failing: "cannot read the counts for the metrics", recovered: "reading the counts for the metrics again")
        let (seconds, attoseconds) = HubMetrics.countsInterval.components
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while true {
            do {
                let (storage, _) = try link.current()
                let counts = try ReadServiceCountsUseCase(storage: storage)()
                metrics.counted(waiting: counts.waitingUsers, pushes: counts.pushes)
                link.succeeded()
            } catch {
                link.failed(error)
            }
            nanosleep(&pause, nil)
        }
    }
}
