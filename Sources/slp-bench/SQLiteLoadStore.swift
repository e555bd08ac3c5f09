import Foundation
import SLPData

/// A new SQLite file per round; read afterwards through SLPData's `Database`.
struct SQLiteLoadStore: LoadStore {
    let path: String
    let keep: Bool

    var backend: String { "SQLite" }
    var location: String { path }

    init(path: String, keep: Bool) {
        self.path = path
        self.keep = keep
        removeFiles()
    }

    func rows(_ sql: String) throws -> [[String]] {
        let database = try Database(path: path)
        return try database.read { connection in
            try connection.prepare(sql).map { row in (0..<row.columnCount).map { row.isNull($0) ? "" : row.text($0) } }
        }
    }

    func remove() {
        if !keep { removeFiles() }
    }

    private func removeFiles() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
