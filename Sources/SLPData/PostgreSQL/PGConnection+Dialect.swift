#if PostgreSQL
import SLPDomain

/// PostgreSQL's side of what the backends do differently (`SQLExecutor`): writers on many hosts
/// run at once in serializable transactions, and a search tests each queue row's study keys.
extension PGConnection {
    static var dialect: SQLDialect { .postgreSQL }

    func placeInQueue(id: Int64, _ row: [SQLValue], studies: StudyList) throws {
        // One row per user, which holds the study keys (`StudyKeys`): a move rewrites it.
        try run("""
            \(QueueRecord.columns.insert(into: "queue")) ON CONFLICT (user_id) DO UPDATE SET \(QueueRecord.columns.dropFirst().assignmentsFromExcluded)
            """, row)
    }

    /// The oldest transaction still running when this read's snapshot was taken: an event this
    /// read cannot see was written by it or by a later one (`events.xid`).
    static var eventFeedPosition: String { "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS position" }

    static var eventsAfterPosition: String { "xid >= $1::bigint::text::xid8" }

    static func claimingRows(of table: String) -> String { "FOR UPDATE OF \(table) SKIP LOCKED" }

    static func jsonArray(of value: String, from source: String, orderedBy order: String) -> String {
        "(SELECT coalesce(json_agg(\(value) ORDER BY \(order)), '[]') FROM \(source))"
    }

    func insertEvent(_ event: [SQLValue], recipient: Int64, forgettingBefore cutoff: Int64) throws -> Int64 {
        // A sequence alone does not follow commit order: two transactions may commit in the
        // opposite order of their ids. Telling a user something also updates their row, so two
        // serializable transactions telling the same user conflict and the later one runs
        // again with a newer id: a user's events commit in id order.
        // The forgetting runs in the statement's snapshot, which the new event is not in, as before.
        let values = [SQLValue.integer(recipient)] + event
        guard let id = try first("""
            WITH recipient AS (
                UPDATE users SET last_event_id = nextval('slp.event_ids') WHERE id = $1 RETURNING last_event_id
            ), added AS (
                INSERT INTO events (id, user_id, \(EventRecord.columns.list))
                SELECT last_event_id, $1, \(EventRecord.columns.placeholders(from: 2)) FROM recipient
            ), forgotten AS (
                \(EventRecord.forgetting(cutoff: values.count + 1))
            )
            SELECT last_event_id AS id FROM recipient
            """, values + [.integer(cutoff)], { $0.int64("id") })
        else { throw StoredDataError(table: "events", id: 0, detail: "no id for a new event") }
        return id
    }
}
#endif
