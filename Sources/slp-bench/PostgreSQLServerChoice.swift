import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif

/// Which PostgreSQL server a benchmark runs on (`--postgres [URL]`).
enum PostgreSQLServerChoice: Equatable, Sendable {
    /// No PostgreSQL run.
    case none
    /// A cluster of the benchmark's own, started and removed by it.
    case privateCluster
    /// A server the user gave; a database per K is made on it and dropped afterwards.
    case given(String)

    /// The choice of `--postgres` at `index` of `arguments`: the URL after it (`index` then moves
    /// onto it), else the benchmark's own cluster.
    static func reading(_ arguments: [String], at index: inout Int) -> PostgreSQLServerChoice {
        guard index + 1 < arguments.endIndex, !arguments[index + 1].hasPrefix("--") else { return .privateCluster }
        index += 1
        return .given(arguments[index])
    }

    #if PostgreSQL
    /// The server to make databases on: its admin URL, and the cluster started for it when it
    /// is the benchmark's own (the caller removes it); nil for none.
    func start(announce: (String) -> Void) throws -> (adminURL: String, cluster: PrivateCluster?)? {
        switch self {
        case .none: return nil
        case .given(let url): return (url, nil)
        case .privateCluster:
            announce("starting a private PostgreSQL cluster…")
            let started = try PrivateCluster.server(given: nil, durable: true)
            return (started.url(), started)
        }
    }
    #endif
}
