import Foundation

/// A scraper of `slp serve --metrics` while a measurement runs: one `GET /metrics` a second on a
/// thread of its own, as a Prometheus with a 1 s interval would (15 s is usual), so that the
/// page's own cost is in the figure with metrics on.
final class MetricsScraper: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var pages = 0
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16) {
        Thread.detachNewThread { [self] in
            let http = HTTPClient(port: port)
            while !lock.withLock({ stopped }) {
                if http.send("GET", "/metrics", token: nil).status == 200 { lock.withLock { pages += 1 } }
                Thread.sleep(forTimeInterval: 1)
            }
            done.signal()
        }
    }

    /// Stops scraping; how many pages were read.
    func stop() -> Int {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { pages }
    }
}
