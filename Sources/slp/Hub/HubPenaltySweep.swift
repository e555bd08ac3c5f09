#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPDomain
import SLPSupport

/// The hub's penalty sweep: every `interval`, everyone whose dodge penalty has run out is told
/// so (`TellPenaltiesOverUseCase`), which nothing else commits; the feed then reads that event
/// as any other. It writes, so it runs on a thread and a connection of its own: a write that
/// waits for a lock holds back neither the feed nor the loop.
enum HubPenaltySweep {
    /// How long after its end a penalty is told at the latest (but for the sweep's own time).
    static let interval: Duration = .seconds(1)

    /// Starts the sweep's thread; false if none could be started.
    static func start(_ location: StorageLocation, clock: any TimeProvider) -> Bool {
        DetachedThread.start { sweep(location, clock: clock) }
    }

    private static func sweep(_ location: StorageLocation, clock: any TimeProvider) {
        var link = HubStorageLink(location, failing: "cannot tell penalties that ran out", recovered: "telling penalties that ran out again")
        let (seconds, attoseconds) = interval.components
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while true {
            do {
                let (storage, _) = try link.current()
                if storage.acceptsWrites { try TellPenaltiesOverUseCase(storage: storage, clock: clock)() }
                link.succeeded()
            } catch {
                link.failed(error)
            }
            nanosleep(&pause, nil)
        }
    }
}
