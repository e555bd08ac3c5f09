#if PostgreSQL
import Foundation

/// How long a whole `slp user show` process takes to give up (exit 74, one line) on a
/// PostgreSQL server it cannot reach: no server behind a Unix socket path, a refused TCP port,
/// and a TCP port that accepts but never answers (`connect_timeout=2`). None needs a server.
/// (`PostgreSQLFaultCLITests` checks which wait each is, with bounds a slow machine meets;
/// these are the figures.)
enum GiveUpBench {
    /// Each case's name, how many runs, and their times (µs); throws if one did not exit 74.
    static func run(directory: String) throws -> [(name: String, times: Percentiles, runs: Int)] {
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, length) == 0 && listen(silent, 16) == 0 && getsockname(silent, $0, &length) == 0 }
        }
        guard bound else { throw BenchError(description: "no silent port: \(String(cString: strerror(errno)))") }
        let port = UInt16(bigEndian: address.sin_port)
        let cases: [(String, String, Int)] = [
            ("no server behind the socket path", "postgresql:///slp?host=\(directory)/no-server&user=slp", 20),
            ("a refused TCP port", "postgresql://slp:pw@127.0.0.1:1/slp", 20),
            ("a TCP port that never answers, connect_timeout=2", "postgresql://slp:pw@127.0.0.1:\(port)/slp?connect_timeout=2", 3),
        ]
        let child = ChildProcess(scratch: "\(directory)/give-up")
        var results: [(name: String, times: Percentiles, runs: Int)] = []
        for (name, url, runs) in cases {
            var times: [Double] = []
            for _ in 0..<runs {
                let result = try child.run([SLPBench.slpPath, "--db", url, "user", "show", "--as", "010-1234-5678"], environment: ["PATH=/usr/bin:/bin"])
                guard result.status == 74, result.errorText.hasPrefix("Error: cannot connect to PostgreSQL database ") else {
                    throw BenchError(description: "\(name): exit \(result.status), \(result.errorText)")
                }
                times.append(result.micros)
            }
            results.append((name, Percentiles(times), runs))
        }
        return results
    }
}
#endif
