/// Every user's events as they are committed, whichever process committed them, each once and
/// in each recipient's commit order: what the realtime hub reads once for all its clients.
///
/// A page may repeat events an earlier one returned (see `EventFeedPage`); what was delivered
/// to each recipient is remembered for as long as a page can still repeat it: a recipient's
/// events come in id order, so an event at or below the last id delivered to them is old news.
public final class EventFeed {
    private var storage: any Storage
    private var position: Int64
    /// The last event id delivered to each recipient the latest page named.
    private var delivered: [UserID: Int64] = [:]

    /// Starts after everything committed so far: history is not news.
    public init(storage: any Storage) throws {
        self.storage = storage
        position = 0
        let start = try storage.read { transaction in
            try transaction.eventsCommitted(since: transaction.eventFeedPosition())
        }
        _ = take(start)
    }

    /// Goes on over `storage` (the same database opened anew) from where it stood.
    public func resume(on storage: any Storage) {
        self.storage = storage
    }

    /// What was committed since the last call (since `init` the first time), oldest first.
    public func next() throws -> [AddressedEvent] {
        let page = try storage.read { try $0.eventsCommitted(since: position) }
        return take(page)
    }

    /// The events of `page` not delivered before; moves to the page's end.
    private func take(_ page: EventFeedPage) -> [AddressedEvent] {
        var fresh: [AddressedEvent] = []
        var latest: [UserID: Int64] = [:]
        for addressed in page.events {
            let last = latest[addressed.recipient] ?? delivered[addressed.recipient] ?? 0
            if addressed.event.id > last { fresh.append(addressed) }
            latest[addressed.recipient] = max(last, addressed.event.id)
        }
        // A later page starts at or after this one, so it can only repeat what this one named.
        delivered = latest
        position = page.next
        return fresh
    }
}
