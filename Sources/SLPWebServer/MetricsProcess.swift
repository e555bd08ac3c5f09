/// One slp process of `slp serve`, as the metrics file gives it a slot and the page labels it:
/// a bounded set (serve, lighttpd, the hub, the push sender, the health answerer, at most 64 workers).
package enum MetricsProcess: Equatable, Sendable {
    case serve
    case lighttpd
    case hub
    case push
    /// The health answerer (`/healthz`), registered by itself as it starts.
    case health
    /// An SCGI worker's slot, claimed when it starts.
    case worker(Int)

    static let firstWorker = 5

    var slot: Int {
        switch self {
        case .serve: 0
        case .lighttpd: 1
        case .hub: 2
        case .push: 3
        case .health: 4
        case .worker(let index): Self.firstWorker + index
        }
    }

    /// The `process` label.
    package var label: String {
        switch self {
        case .serve: "serve"
        case .lighttpd: "lighttpd"
        case .hub: "hub"
        case .push: "push"
        case .health: "health"
        case .worker(let index): "worker-\(index)"
        }
    }

    /// Every slot, in the file's order.
    package static var all: [MetricsProcess] {
        [.serve, .lighttpd, .hub, .push, .health] + (0..<MetricsFile.maxWorkers).map { .worker($0) }
    }
}
