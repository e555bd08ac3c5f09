#if PostgreSQL
import Foundation
@testable import SLPData
import XCTest

/// The PostgreSQL server the tests use: `SLP_TEST_POSTGRES_URL` when set, else a cluster of
/// their own, made by initdb in a temporary directory (as nobody when the tests run as root),
/// reachable only through a Unix socket there, with a password, and stopped when the test run
/// ends, failed or not.
final class PrivateCluster: NSObject, XCTestObservation, @unchecked Sendable {
    nonisolated(unsafe) private static var started: PrivateCluster?
    private static let lock = NSLock()

    /// The running cluster, started on first use.
    static func shared() throws -> PrivateCluster {
        lock.lock()
        defer { lock.unlock() }
        if let started { return started }
        let cluster = try PrivateCluster(inTemporaryDirectory: ())
        started = cluster
        XCTestObservationCenter.shared.addTestObserver(cluster)
        return cluster
    }

    /// The socket directory (and the data directory under it).
    let directory: String
    let user = "slp"
    let password = "pw-" + UUID().uuidString.lowercased()
    private let binaries: String
    private let owner: [String]

    private init(inTemporaryDirectory: Void) throws {
        guard let initdb = ["15", "16", "17", "14", "13"].map({ "/usr/lib/postgresql/\($0)/bin" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }) else {
            throw NSError(domain: "PrivateCluster", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "no initdb under /usr/lib/postgresql/*/bin (apt-get install postgresql)",
            ])
        }
        binaries = initdb
        directory = "/tmp/slp-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        owner = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        super.init()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 { chown(directory, 65534, 65534) }
        let passwordFile = directory + "/password"
        try password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if getuid() == 0 { chown(passwordFile, 65534, 65534) }
        try run("initdb", ["-D", directory + "/data", "-U", user, "-A", "scram-sha-256", "--pwfile=" + passwordFile, "-E", "UTF8", "--no-sync"])
        try run("pg_ctl", [
            "-D", directory + "/data", "-l", directory + "/log", "-w", "start",
            "-o", "-k \(directory) -c listen_addresses='' -c fsync=off -c max_connections=100",
        ])
    }

    /// A URI for `database` on this cluster.
    func url(database: String = "postgres", password: String? = nil) -> String {
        "postgresql:///\(database)?host=\(directory)&user=\(user)&password=\(password ?? self.password)"
    }

    /// A new, empty database on this cluster, for one test; its URI.
    func freshDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PGConnection(uri: url()).execute("CREATE DATABASE \(name)")
        return url(database: name)
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        try? run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs a PostgreSQL tool (as nobody when root) and waits for it, with posix_spawn and
    /// waitpid: Foundation's `Process` can miss the exit of a tool that leaves a daemon behind.
    private func run(_ tool: String, _ arguments: [String]) throws {
        let argv = owner + [binaries + "/" + tool] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        var status: Int32 = 0
        guard spawned == 0, waitpid(pid, &status, 0) == pid, status == 0 else {
            throw NSError(domain: "PrivateCluster", code: Int(status), userInfo: [
                NSLocalizedDescriptionKey: "\(tool) failed (spawn \(spawned), status \(status)); see \(directory)/log",
            ])
        }
    }
}
#endif
