import Foundation
import SLPData
#if PostgreSQL
import SLPPrivateCluster
#endif

/// What a test may read of a store behind slp's back: the key slp signs its tokens with (to
/// forge tokens that carry a genuine signature), and a fingerprint of everything stored (to
/// show that a request wrote nothing).
enum StoreInspection {
    /// The key `slp token` signs with, as the store keeps it.
    static func tokenKey(_ database: String) throws -> [UInt8] {
        let storage: any SecretStore
        #if PostgreSQL
        if database.hasPrefix("postgres") {
            storage = PGStorage(database: try PGDatabase(uri: database, creatingSchema: false))
        } else {
            storage = SQLiteStorage(database: try Database(path: database, creation: .none))
        }
        #else
        storage = SQLiteStorage(database: try Database(path: database, creation: .none))
        #endif
        guard let key = try storage.secret(named: "token-signing-key") else { throw HTTPTestError("no signing key in \(database)") }
        return key
    }

    /// Every table's rows, hashed: equal before and after exactly when nothing was written.
    static func fingerprint(_ database: String) throws -> Data {
        #if PostgreSQL
        if database.hasPrefix("postgres") {
            let tables = ["users", "user_items", "review_comments", "queue", "requests", "reports", "seed_state", "matches",
                          "match_members", "messages", "events", "secrets", "sanctions"]
            let sql = tables.map { "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM slp.\($0) t" }
                .joined(separator: " UNION ALL ")
            return Data(try PrivateCluster.shared().query(sql, on: database).map { $0.first.flatMap { $0 } ?? "" }.joined(separator: ",").utf8)
        }
        #endif
        // The file's bytes with its write-ahead log: a read changes neither.
        return (FileManager.default.contents(atPath: database) ?? Data()) + (FileManager.default.contents(atPath: database + "-wal") ?? Data())
    }
}
