import Foundation

/// A benchmark report's times: microseconds shown as milliseconds, one decimal under 10 ms.
enum Milliseconds {
    /// `micros` in ms, or "–" when there is no figure.
    static func text(_ micros: Double) -> String {
        micros.isFinite ? String(format: micros < 10_000 ? "%.1f" : "%.0f", micros / 1_000) : "–"
    }

    /// "p50 / p99" of `micros`, or "–" when there are none.
    static func p50p99(_ micros: [Double]) -> String {
        guard !micros.isEmpty else { return "–" }
        let percentiles = Percentiles(micros)
        return "\(text(percentiles.p50)) / \(text(percentiles.p99))"
    }
}
