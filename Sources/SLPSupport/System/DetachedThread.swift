#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX thread of its own (slp links no Foundation threads), for work that must not share a
/// thread with anything else: the hub's event loop, its penalty sweep's writes (which may wait
/// on the database as long as they like there), the push sender's curl loop.
package enum DetachedThread {
    /// What the thread runs, handed to it whole.
    private final class Body {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    /// Starts a detached thread running `run`; false if none could be started.
    package static func start(_ run: @escaping @Sendable () -> Void) -> Bool {
        // The thread owns one reference to its body.
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
