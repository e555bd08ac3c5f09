#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long a statement waits on a lock, and how often a whole transaction is tried again.
public struct RetryPolicy: Sendable {
    /// SQLite's own wait on a lock, per statement.
    public var busyTimeoutMilliseconds: Int32
    /// Tries of the whole transaction when SQLite still answers SQLITE_BUSY.
    public var maxAttempts: Int
    /// Pause before the second try; doubled each time, with jitter.
    public var initialBackoffMilliseconds: Int

    public init(busyTimeoutMilliseconds: Int32 = 5_000, maxAttempts: Int = 6, initialBackoffMilliseconds: Int = 5) {
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxAttempts = maxAttempts
        self.initialBackoffMilliseconds = initialBackoffMilliseconds
    }

    /// How long a writer waits for its turn in the write queue (`WriteQueue`): as long as its
    /// retries would have waited for SQLite's lock.
    var writeQueueWait: Duration { .milliseconds(Int(busyTimeoutMilliseconds) * maxAttempts) }

    /// Runs `body` until it does not fail with SQLITE_BUSY, at most `maxAttempts` times.
    func run<T>(_ body: () throws -> T) throws -> T {
        try run(retrying: { ($0 as? SQLiteError)?.isBusy == true }, body)
    }

    /// Runs `body` until it fails with nothing `isTransient` calls passing, at most `maxAttempts` times.
    func run<T>(retrying isTransient: (any Error) -> Bool, _ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch where isTransient(error) {
                guard attempt < maxAttempts else {
                    DatabaseRetryCounts.failures.add(1, ordering: .relaxed)
                    throw error
                }
                DatabaseRetryCounts.retries.add(1, ordering: .relaxed)
                let backoff = longestBackoffMilliseconds(after: attempt)
                usleep(UInt32(Int.random(in: backoff / 2...backoff) * 1_000))
                attempt += 1
            }
        }
    }

    /// The longest pause after failed attempt `attempt` (the pause is drawn from its upper half):
    /// the first pause doubled each time, never more than a second, whatever the number of tries.
    func longestBackoffMilliseconds(after attempt: Int) -> Int {
        min(1_000, min(1_000, max(1, initialBackoffMilliseconds)) << min(max(attempt, 1) - 1, 10))
    }
}
