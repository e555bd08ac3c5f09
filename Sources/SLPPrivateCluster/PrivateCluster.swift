#if PostgreSQL
import CLibPQ
import Foundation

/// A PostgreSQL server for the tests and the benchmark: a given one (a URL), else a cluster of
/// their own, made by initdb in a temporary directory (as nobody when run as root), reachable
/// only through a Unix socket there, with a password. `stop()` stops and removes the private
/// cluster; on a given server, it drops the databases made through `freshDatabase()`.
///
/// It talks to the server through libpq directly, never through SLPData: the tests of the
/// PostgreSQL backend must not depend on the code they test to make their databases.
public final class PrivateCluster: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: PrivateCluster?

    /// The server every test uses, started (or reached) on first use: the one
    /// `SLP_TEST_POSTGRES_URL` names when set, else a private cluster. It is stopped when the
    /// process exits normally, failed tests or not; a killed run's cluster is removed by the next.
    public static func shared() throws -> PrivateCluster {
        try lock.withLock {
            if let started { return started }
            let given = ProcessInfo.processInfo.environment["SLP_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
            let cluster = try PrivateCluster.server(given: given)
            started = cluster
            atexit { PrivateCluster.lock.withLock { PrivateCluster.started }?.remove() }
            return cluster
        }
    }

    /// The server `url` names, or a new private cluster when it is nil: one that forgets
    /// nothing acknowledged when `durable` (for the benchmark), else one that does not wait for
    /// the disk (for the tests).
    public static func server(given url: String?, durable: Bool = false) throws -> PrivateCluster {
        if let url { try PrivateCluster(server: url) } else { try PrivateCluster(inTemporaryDirectory: durable) }
    }

    /// The server binaries' directory (`psql`, `pg_ctl`…) of the newest PostgreSQL installed.
    public static var installedBinaries: String? {
        ["17", "16", "15", "14", "13"].map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    nonisolated(unsafe) private static var own: PrivateCluster?

    /// A private cluster even when `SLP_TEST_POSTGRES_URL` names a server: one the tests may
    /// stop and restart without disturbing anyone else. Made on first use, removed at the end.
    public static func owned() throws -> PrivateCluster {
        try lock.withLock {
            if let own { return own }
            let cluster = try PrivateCluster(inTemporaryDirectory: false)
            own = cluster
            atexit { PrivateCluster.lock.withLock { PrivateCluster.own }?.remove() }
            return cluster
        }
    }

    /// The socket directory (and, for the private cluster, the data directory under it), or the
    /// host of a given server.
    public let directory: String
    public let user: String
    public let password: String
    /// The connection parameters other than the database and the password, in URL order.
    private let parameters: [(String, String)]
    /// The database to connect to when making others.
    private let adminDatabase: String
    /// The server binaries' directory; nil for a given server, which the tests neither start nor stop.
    private let binaries: String?
    private let owner: [String]
    /// Whether the private cluster waits for the disk at each commit.
    private let durable: Bool
    /// Databases made on a given server, dropped at the end.
    private var made: [String] = []

    private init(inTemporaryDirectory durable: Bool) throws {
        guard let initdb = PrivateCluster.installedBinaries else {
            throw PrivateCluster.failure("no initdb under /usr/lib/postgresql/*/bin (apt-get install postgresql), and SLP_TEST_POSTGRES_URL is not set")
        }
        binaries = initdb
        self.durable = durable
        directory = "\(PrivateCluster.prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        user = "slp"
        password = "pw-" + UUID().uuidString.lowercased()
        parameters = [("host", directory), ("user", user)]
        adminDatabase = "postgres"
        owner = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        removeOrphans()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 { chown(directory, 65534, 65534) }
        let passwordFile = directory + "/password"
        try password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if getuid() == 0 { chown(passwordFile, 65534, 65534) }
        try run("initdb", ["-D", directory + "/data", "-U", user, "-A", "scram-sha-256", "--pwfile=" + passwordFile, "-E", "UTF8", "--no-sync"])
        try start()
    }

    /// The private cluster's server process (whose CPU time, with its backends', a benchmark
    /// may count); nil for a given server or one that is not running.
    public var serverProcess: pid_t? {
        guard binaries != nil else { return nil }
        return (try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8))?
            .split(separator: "\n").first.flatMap { pid_t($0) }
    }

    /// Starts the private cluster's server and waits until it accepts connections.
    public func start() throws {
        try run("pg_ctl", [
            "-D", directory + "/data", "-l", directory + "/log", "-w", "start",
            "-o", "-k \(directory) -c listen_addresses='' -c max_connections=200 "
                + (durable ? "-c shared_buffers=1GB" : "-c fsync=off"),
        ])
    }

    /// Stops the private cluster's server as `pg_ctl stop -m fast` does (sessions ended, their
    /// transactions rolled back) and waits until it is down.
    public func stop() throws {
        try run("pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"])
    }

    /// `pg_ctl restart -m fast`: every session ended, the server up again when it returns.
    public func restart() throws {
        try run("pg_ctl", ["-D", directory + "/data", "-l", directory + "/log", "-m", "fast", "-w", "restart"])
    }

    /// Runs `sql` on the database `url` names, in a connection of its own; the rows, each value
    /// as text (NULL as nil).
    @discardableResult
    public func query(_ sql: String, on url: String) throws -> [[String?]] {
        let connection = try PrivateCluster.connect(url)
        defer { PQfinish(connection) }
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        guard [PGRES_TUPLES_OK, PGRES_COMMAND_OK].contains(PQresultStatus(result)) else {
            throw PrivateCluster.failure("\(sql): \(String(cString: PQerrorMessage(connection)))")
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// A given server: its URL's parameters are kept, and the user and password it connected
    /// with are spelled out (the slp processes the tests start see neither `PGPASSWORD` nor
    /// `~/.pgpass`).
    private init(server url: String) throws {
        binaries = nil
        owner = []
        durable = false
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &error) else {
            let detail = error.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(error)
            throw PrivateCluster.failure("SLP_TEST_POSTGRES_URL is not a PostgreSQL URL: \(detail)")
        }
        defer { PQconninfoFree(options) }
        var given: [(String, String)] = []
        var index = 0
        while let keyword = options[index].keyword {
            if let value = options[index].val, value.pointee != 0 { given.append((String(cString: keyword), String(cString: value))) }
            index += 1
        }
        let connection = try PrivateCluster.connect(url)
        defer { PQfinish(connection) }
        directory = PQhost(connection).map { String(cString: $0) } ?? ""
        user = PQuser(connection).map { String(cString: $0) } ?? ""
        password = PQpass(connection).map { String(cString: $0) } ?? ""
        adminDatabase = PQdb(connection).map { String(cString: $0) } ?? "postgres"
        // The host first, for URLs that read like the private cluster's.
        let kept = given.filter { !["dbname", "user", "password"].contains($0.0) }
        parameters = kept.filter { $0.0 == "host" } + kept.filter { $0.0 != "host" } + [("user", user)]
    }

    /// A URI for `database` (by default, the one the server was given with, else `postgres`)
    /// on this server, with `password` instead of the right one if given.
    public func url(database: String? = nil, password: String? = nil) -> String {
        var query = parameters
        let password = password ?? self.password
        if !password.isEmpty { query.append(("password", password)) }
        return "postgresql:///" + PrivateCluster.encoded(database ?? adminDatabase) + "?"
            + query.map { $0.0 + "=" + PrivateCluster.encoded($0.1) }.joined(separator: "&")
    }

    /// A new, empty database on this server, for one test; its URI.
    public func freshDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let connection = try PrivateCluster.connect(url())
        defer { PQfinish(connection) }
        let result = PQexec(connection, "CREATE DATABASE \(name)")
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw PrivateCluster.failure("CREATE DATABASE failed: \(String(cString: PQerrorMessage(connection)))")
        }
        PrivateCluster.lock.withLock { made.append(name) }
        return url(database: name)
    }

    /// Stops and removes the private cluster, or drops the databases made on a given server.
    public func remove() {
        guard binaries != nil else {
            guard let connection = try? PrivateCluster.connect(url()) else { return }
            for name in PrivateCluster.lock.withLock({ made }) { PQclear(PQexec(connection, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) }
            PQfinish(connection)
            return
        }
        try? run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A connection, or an error that names the server (libpq's messages never hold the password).
    private static func connect(_ url: String) throws -> OpaquePointer {
        guard let connection = PQconnectdb(url) else { throw failure("cannot connect to PostgreSQL: out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let detail = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw failure("cannot connect to the test PostgreSQL server: \(detail)")
        }
        return connection
    }

    /// Percent-encoding for a URI's path and query values: all but unreserved characters and `/`.
    private static func encoded(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func failure(_ message: String) -> NSError {
        NSError(domain: "PrivateCluster", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// Where private clusters live: this prefix, the pid of the test process, a random number.
    private static let prefix = "/tmp/slp-pg-"

    /// Stops and removes the clusters of test processes that died before they could (killed,
    /// or their output cut short): postmasters must not pile up on a shared machine.
    private func removeOrphans() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in names where ("/tmp/" + name).hasPrefix(PrivateCluster.prefix) {
            let parts = name.split(separator: "-")
            guard parts.count == 4, let pid = pid_t(parts[2]), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let orphan = "/tmp/" + name
            try? run("pg_ctl", ["-D", orphan + "/data", "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(atPath: orphan)
        }
    }

    /// Runs a PostgreSQL tool (as nobody when root) and waits for it, with posix_spawn and
    /// waitpid: Foundation's `Process` can miss the exit of a tool that leaves a daemon behind.
    private func run(_ tool: String, _ arguments: [String]) throws {
        let argv = owner + [(binaries ?? "") + "/" + tool] + arguments
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
