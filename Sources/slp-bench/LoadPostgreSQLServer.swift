#if PostgreSQL
import Foundation
import SLPPrivateCluster

/// A PostgreSQL server the load mode makes its databases on and reads them back from, through
/// `psql`: the check of what slp stored must not go through slp's own code.
struct LoadPostgreSQLServer {
    /// A libpq URI for a database the user may create databases from.
    let adminURL: String
    let psql: String
    private let child: ChildProcess

    init(adminURL: String, scratch: String) throws {
        guard adminURL.hasPrefix("postgresql://") || adminURL.hasPrefix("postgres://") else {
            throw LoadFailure("--postgres wants a postgresql:// URL, not \(adminURL)")
        }
        guard let psql = PrivateCluster.installedBinaries.map({ $0 + "/psql" }) ?? Shell.which("psql") else {
            throw LoadFailure("psql not found (apt-get install postgresql-client)")
        }
        self.adminURL = adminURL
        self.psql = psql
        child = ChildProcess(scratch: scratch + "/psql")
    }

    /// The server's URI with another database: the path of `postgresql://authority/database?query`.
    func url(database: String) -> String {
        let authority = adminURL.range(of: "://")!.upperBound
        let path = adminURL[authority...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? adminURL.endIndex
        let query = adminURL[path...].firstIndex(of: "?") ?? adminURL.endIndex
        return adminURL[..<path] + "/" + database + adminURL[query...]
    }

    /// Runs a statement on the database of the server's URI.
    func execute(_ sql: String) throws {
        _ = try psql(sql, url: adminURL)
    }

    /// A query's rows in a database, slp's schema first on the search path.
    func query(_ sql: String, database: String) throws -> [[String]] {
        try psql(sql, url: url(database: database)).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    private func psql(_ sql: String, url: String) throws -> String {
        let result = try child.run(
            [psql, "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
            environment: ["PATH=/usr/bin:/bin", "PGOPTIONS=-c search_path=slp", "PGCONNECT_TIMEOUT=10"])
        guard result.status == 0 else {
            throw LoadFailure("psql failed (exit \(result.status)): \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}
#endif
