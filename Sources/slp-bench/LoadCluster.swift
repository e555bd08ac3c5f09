import Foundation

/// The load mode's own PostgreSQL cluster when `--postgres` names no server: initdb in a
/// temporary directory (as nobody when run as root, as PostgreSQL refuses root), reachable
/// only through a Unix socket there, with a scram password, as SLPTestCluster's PrivateCluster
/// makes one for the tests (which cannot be reused here: it lives on XCTest's observation).
/// Unlike the tests' cluster it keeps fsync on: the load figures include durable commits on
/// both backends.
final class LoadCluster {
    /// The newest PostgreSQL server binaries installed.
    static let binaries = ["17", "16", "15", "14", "13"].map { "/usr/lib/postgresql/\($0)/bin" }
        .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }

    let directory: String
    let password: String
    private let tools: String
    private let owner: [String]
    private let child: ChildProcess

    /// The server's main process, whose CPU time (with its backends') the report counts as the benchmark's.
    var postmaster: pid_t? {
        (try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8))?
            .split(separator: "\n").first.flatMap { pid_t($0) }
    }

    var adminURL: String { "postgresql:///postgres?host=\(directory)&user=slp&password=\(password)" }

    init(scratch: String) throws {
        guard let tools = LoadCluster.binaries else {
            throw LoadFailure("no initdb under /usr/lib/postgresql/*/bin (apt-get install postgresql)")
        }
        self.tools = tools
        directory = "\(LoadCluster.prefix)\(getpid())"
        password = "pw-" + UUID().uuidString.lowercased()
        owner = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        child = ChildProcess(scratch: scratch + "/cluster")
        LoadCluster.removeOrphans(tools: tools, owner: owner, child: child)
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let passwordFile = directory + "/password"
        try password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if getuid() == 0 {
            chown(directory, 65534, 65534)
            chown(passwordFile, 65534, 65534)
        }
        try run("initdb", ["-D", directory + "/data", "-U", "slp", "-A", "scram-sha-256", "--pwfile=" + passwordFile, "-E", "UTF8", "--no-sync"])
        try run("pg_ctl", [
            "-D", directory + "/data", "-l", directory + "/log", "-w", "start",
            "-o", "-k \(directory) -c listen_addresses='' -c max_connections=200",
        ])
    }

    /// Stops the server and, unless it is to be kept, removes its directory.
    func stop(keep: Bool) {
        try? run("pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"])
        if !keep { try? FileManager.default.removeItem(atPath: directory) }
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        try LoadCluster.run(tool, arguments, tools: tools, owner: owner, child: child, log: directory + "/log")
    }

    private static func run(_ tool: String, _ arguments: [String], tools: String, owner: [String], child: ChildProcess, log: String) throws {
        let result = try child.run(owner + [tools + "/" + tool] + arguments, environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"])
        guard result.status == 0 else {
            throw LoadFailure("\(tool) failed (exit \(result.status)): \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)); see \(log)")
        }
    }

    /// Where the clusters live: this prefix and the pid of the slp-bench that made it.
    private static let prefix = "/tmp/slp-load-pg-"

    /// Stops and removes the clusters of benchmark runs that died before they could.
    private static func removeOrphans(tools: String, owner: [String], child: ChildProcess) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] where ("/tmp/" + name).hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count - "/tmp/".count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let orphan = "/tmp/" + name
            try? run("pg_ctl", ["-D", orphan + "/data", "-m", "immediate", "-w", "stop"], tools: tools, owner: owner, child: child, log: orphan + "/log")
            try? FileManager.default.removeItem(atPath: orphan)
        }
    }
}
