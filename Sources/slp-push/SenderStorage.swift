#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain

/// The database the sender reads and writes, opened as serve's processes open it (never created
/// here: serve made it), with the clock pushes are timed by: this machine's for a file, the
/// server's for PostgreSQL, as every other slp process over it times events.
struct SenderStorage {
    let storage: any Storage
    let clock: any TimeProvider

    init(database: String) throws {
        if PushSenderSettings.isServer(database) {
            #if PostgreSQL
            let server = try PGDatabase(uri: database, creatingSchema: false)
            storage = PGStorage(database: server)
            clock = WallClock(offset: server.serverClockOffset)
            #else
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL")
            #endif
        } else {
            storage = SQLiteStorage(database: try Database(path: database, creation: .none))
            clock = WallClock(offset: 0)
        }
    }
}
