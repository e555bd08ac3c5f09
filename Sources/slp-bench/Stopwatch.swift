import Foundation

/// Monotonic time in nanoseconds.
enum Stopwatch {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `body` and returns its result with the elapsed microseconds.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = now()
        let result = try body()
        return (result, Double(now() - start) / 1_000)
    }
}

/// Percentiles of a sample, by nearest rank.
struct Percentiles {
    let p50: Double
    let p90: Double
    let p99: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
    }
}
