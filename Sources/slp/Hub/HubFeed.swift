#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPRealtime

/// The hub's one reader of commits, for all its clients, off the loop: it waits for any
/// process's commit (PostgreSQL's LISTEN on its one connection; for SQLite, inotify on the
/// file's directory), reads what was committed since its last read (`EventFeed`) and posts it
/// to the loop, where `HubDeliveries` hands it out. It only reads: a write that waits (the
/// penalty sweep's, `HubPenaltySweep`) never holds back what is already committed. When the
/// database goes away (a PostgreSQL restart) it opens it again and goes on from where it stood,
/// so nothing committed meanwhile is missed or told twice.
enum HubFeed {
    /// How long one wait lasts when nothing is committed: a lost notification costs no more.
    static let longestWait: Duration = .seconds(1)

    /// `metrics` hears each time the feed has read everything committed.
    static func start(_ location: StorageLocation, posting mailbox: LoopMailbox<[AddressedEvent]>, metrics: HubMetrics?) {
        Task.detached { await follow(location, posting: mailbox, metrics: metrics) }
    }

    private static func follow(_ location: StorageLocation, posting mailbox: LoopMailbox<[AddressedEvent]>, metrics: HubMetrics?) async {
        var link = HubStorageLink(location, failing: "cannot read the database", recovered: "reading the database again")
        var feed: EventFeed?
        while true {
            do {
                let (storage, opened) = try link.current()
                if opened {
                    if let feed { feed.resume(on: storage) } else { feed = try EventFeed(storage: storage) }
                }
                // The token first: a commit after it ends the wait below at once.
                let token = try storage.changeToken()
                // Everything committed before this instant is read below.
                let reading = Date()
                if let events = try feed?.next(), !events.isEmpty { mailbox.post(events) }
                metrics?.feedIsCurrent(at: reading)
                link.succeeded()
                _ = try await storage.waitForChange(after: token, upTo: longestWait)
            } catch {
                link.failed(error)
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
