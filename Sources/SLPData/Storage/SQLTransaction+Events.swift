#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Events (SLP's pushes): each user's, the feed of everyone's, and the penalty notices due.
extension SQLTransaction {
    func events(of uid: UserID, after id: Int64, limit: Int) throws -> [UserEvent] {
        guard let row = try rowID(uid) else { return [] }
        return try connection.map(
            "SELECT \(EventRecord.selection) FROM events WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
            [.integer(row), .integer(id), .int(limit)]
        ) { try EventRecord.event($0, me: uid) }
    }

    func latestEventID(of uid: UserID) throws -> Int64 {
        guard let id = try rowID(uid) else { return 0 }
        return try connection.first("SELECT max(id) AS latest FROM events WHERE user_id = $1", [.integer(id)]) {
            $0.optionalInt64("latest")
        }.flatMap { $0 } ?? 0
    }

    func penaltyNoticeDue(of uid: UserID) throws -> Date? {
        guard let id = try rowID(uid) else { return nil }
        return try connection.first("SELECT penalty_event_due FROM users WHERE id = $1", [.integer(id)]) {
            $0.optionalInt64("penalty_event_due")
        }.flatMap { $0 }.map(Date.init(unixMilliseconds:))
    }

    func penaltyNoticesDue(by date: Date, limit: Int) throws -> [UserID] {
        try connection.map("""
            SELECT uid FROM users WHERE penalty_event_due IS NOT NULL AND penalty_event_due <= $1 ORDER BY penalty_event_due, uid LIMIT $2
            """, [.integer(date.unixMilliseconds), .int(limit)]) { try UserID($0.text("uid")) }
    }

    func eventFeedPosition() throws -> Int64 {
        try connection.first(Executor.eventFeedPosition, []) { $0.int64("position") } ?? 0
    }

    func eventsCommitted(since position: Int64) throws -> EventFeedPage {
        let next = try eventFeedPosition()
        let events = try connection.map("""
            SELECT later.*, users.uid AS recipient
            FROM (SELECT \(EventRecord.selection), user_id FROM events WHERE \(Executor.eventsAfterPosition)) AS later
            JOIN users ON users.id = later.user_id ORDER BY later.id
            """, [.integer(position)]) { row in
            let recipient = try UserID(row.text("recipient"))
            return AddressedEvent(recipient: recipient, event: try EventRecord.event(row, me: recipient), writtenAt: EventRecord.writtenAt(row))
        }
        // The same snapshot read the position and the events: whatever commits later is after `next`.
        return EventFeedPage(events: events, next: max(position, next))
    }

    func setPenaltyNoticeDue(_ due: Date?, of uid: UserID) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run(
            "UPDATE users SET penalty_event_due = $1 WHERE id = $2", [.optional(due) { .integer($0.unixMilliseconds) }, .integer(id)])
    }

    func insertEvent(_ kind: UserEventKind, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws -> Int64? {
        guard let id = try rowID(recipient) else { return nil }
        // The wall clock, not `now`: the hub times deliveries in real time even when the domain's clock is stopped.
        let values = EventRecord.values(of: kind, at: now, writtenAt: Date())
        return try connection.insertEvent(values, recipient: id, forgettingBefore: cutoff.unixMilliseconds)
    }
}
