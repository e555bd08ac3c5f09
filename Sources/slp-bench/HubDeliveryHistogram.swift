import Foundation

/// The hub's `slp_event_delivery_seconds` (each event from its `createdAt`, stamped in the
/// committing transaction, to its emit) as `slp serve --metrics` exposes it: the count, the mean,
/// and the bucket bounds that p50 and p99 fall under.
struct HubDeliveryHistogram {
    private(set) var count = 0.0
    private(set) var sum = 0.0
    /// Cumulative counts by upper bound (seconds), in order.
    private(set) var buckets: [(bound: Double, count: Double)] = []

    init(metrics: String) {
        let name = "slp_event_delivery_seconds"
        for line in metrics.split(separator: "\n") where line.hasPrefix(name) {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let value = Double(parts[1]) else { continue }
            if parts[0] == "\(name)_count" { count = value }
            if parts[0] == "\(name)_sum" { sum = value }
            if parts[0].hasPrefix("\(name)_bucket{le=\""), let bound = Double(parts[0].dropFirst("\(name)_bucket{le=\"".count).dropLast(2)) {
                buckets.append((bound, value))
            }
        }
    }

    /// "≤ N ms" for the bucket holding the quantile, or "–" without events.
    func bound(_ quantile: Double) -> String {
        guard count > 0, let bucket = buckets.first(where: { $0.count >= quantile * count }) else { return "–" }
        return bucket.bound.isFinite ? "≤ \(Milliseconds.text(bucket.bound * 1e6)) ms" : "> \(Milliseconds.text((buckets.dropLast().last?.bound ?? 0) * 1e6)) ms"
    }

    var meanMilliseconds: Double { count > 0 ? sum / count * 1_000 : .nan }
}
