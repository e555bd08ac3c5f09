#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain
import SLPRealtime

/// The hub's one reader of commits, for all its clients: it waits for any process's commit
/// (PostgreSQL's LISTEN on its one connection; for SQLite, inotify on the file's directory),
/// reads what was committed since its last read (`EventFeed`) and posts it to the hub's loop.
/// When the database goes away (a PostgreSQL restart) it opens it again and goes on from where
/// it stood, so nothing committed meanwhile is missed or told twice.
enum HubFeed {
    /// How long one wait lasts when nothing is committed: penalties that ran out meanwhile are
    /// told after it (`TellPenaltiesOverUseCase`), and a lost notification costs no more.
    static let longestWait: Duration = .seconds(1)

    static func start(_ location: StorageLocation, clock: any TimeProvider, posting mailbox: LoopMailbox<[AddressedEvent]>) {
        Task.detached { await follow(location, clock: clock, posting: mailbox) }
    }

    private static func follow(_ location: StorageLocation, clock: any TimeProvider, posting mailbox: LoopMailbox<[AddressedEvent]>) async {
        var feed: EventFeed?
        var storage: (any Storage)?
        var failing = false
        while true {
            do {
                let current: any Storage
                if let storage {
                    current = storage
                } else {
                    current = try open(location)
                    storage = current
                    if let feed { feed.resume(on: current) } else { feed = try EventFeed(storage: current) }
                }
                // The token first: a commit after it ends the wait below at once.
                let token = try current.changeToken()
                if current.acceptsWrites { try TellPenaltiesOverUseCase(storage: current, clock: clock)() }
                if let events = try feed?.next(), !events.isEmpty { mailbox.post(events) }
                if failing {
                    failing = false
                    StandardStreams.writeError("slp hub: reading the database again\n")
                }
                _ = try await current.waitForChange(after: token, upTo: longestWait)
            } catch {
                if !failing {
                    failing = true
                    StandardStreams.writeError("slp hub: cannot read the database (\(FailureRenderer.oneLine(Failure(error).message))); trying again\n")
                }
                storage = nil
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    private static func open(_ location: StorageLocation) throws -> any Storage {
        switch location {
        case .file(let path, _):
            return SQLiteStorage(database: try Database(path: path, creation: .none))
        case .server(let uri):
            #if PostgreSQL
            return PGStorage(database: try PGDatabase(uri: uri, creatingSchema: false))
            #else
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL: \(location.display)")
            #endif
        }
    }
}
