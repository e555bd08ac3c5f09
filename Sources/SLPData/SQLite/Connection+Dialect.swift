import SLPDomain

/// SQLite's side of what the backends do differently (`SQLExecutor`): writers take turns on the
/// file, and the queue keeps study rows beside it for searches by study.
extension Connection {
    static var dialect: SQLDialect { .sqlite }

    func placeInQueue(id: Int64, _ row: [SQLValue], studies: StudyList) throws {
        // The row is the table's key (cell, user), so a move is a delete and an insert; the
        // study rows carry a copy of the document, for study searches (a trigger removes them
        // with the row).
        try run("DELETE FROM queue WHERE user_id = $1", [.integer(id)])
        try run(QueueRecord.columns.insert(into: "queue"), row)
        let copied = QueueRecord.studyColumns.dropFirst()
        for study in studies.studies {
            try run("""
                INSERT INTO queue_studies (\(QueueRecord.studyColumns.list))
                SELECT $1, \(copied.list) FROM queue WHERE user_id = $2
                """, [.text(study.key), .integer(id)])
        }
    }

    /// Writers take turns on the file: ids follow commit order.
    static var eventFeedPosition: String { "SELECT coalesce(max(id), 0) AS position FROM events" }

    static var eventsAfterPosition: String { "id > $1" }

    /// Writes take turns (`BEGIN IMMEDIATE`): nothing is held by another claim meanwhile.
    static func claimingRows(of table: String) -> String { "" }

    static func jsonArray(of value: String, from source: String, orderedBy order: String) -> String {
        // SQLite 3.40 has no ORDER BY inside an aggregate; it aggregates a subquery's rows in
        // that subquery's order (a subquery with ORDER BY is never flattened into an aggregate).
        "(SELECT json_group_array(value) FROM (SELECT \(value) AS value FROM \(source) ORDER BY \(order)))"
    }

    func insertEvent(_ event: [SQLValue], recipient: Int64, forgettingBefore cutoff: Int64) throws -> Int64 {
        // Writers take turns on the file, so AUTOINCREMENT ids follow commit order.
        let values = [SQLValue.integer(recipient)] + event
        guard let id = try first((["user_id"] + EventRecord.columns).insert(into: "events") + " RETURNING id", values, { $0.int64("id") }) else {
            throw StoredDataError(table: "events", id: 0, detail: "no id for a new event")
        }
        try run(EventRecord.forgetting(cutoff: values.count + 1), values + [.integer(cutoff)])
        return id
    }
}
