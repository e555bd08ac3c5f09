#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPData
import SLPWebServer

/// The push sender's slot of serve's metrics file (`slp serve --metrics`), written by this
/// process: its pid, so the page's `process_*` figures are the sender's own whoever started it,
/// and its database retries. Without `--metrics` there is none and nothing is counted.
final class PushMetrics: Sendable {
    /// How often the retry counts are written.
    static let interval: Duration = .seconds(1)

    private let file: MetricsFile

    /// The slot claimed for this process; nil without `--metrics` (no file named, or none there).
    init?(path: String?) {
        guard let path, let file = try? MetricsFile(path: path) else { return nil }
        self.file = file
        file.register(.push, pid: getpid())
    }

    /// Writes the counts now and every `interval`, on a task of its own, while the process lives.
    func start() {
        Task.detached {
            while true {
                self.file.set(.databaseRetries, of: .push, to: DatabaseRetryCounts.retries.load(ordering: .relaxed))
                self.file.set(.databaseFailures, of: .push, to: DatabaseRetryCounts.failures.load(ordering: .relaxed))
                try? await Task.sleep(for: Self.interval)
            }
        }
    }
}
