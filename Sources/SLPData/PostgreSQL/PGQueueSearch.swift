#if PostgreSQL
import SLPDomain

/// Search on a PostgreSQL server, with no extension: the queue rows of the grid cells around the
/// point (`SpatialGrid`, as on SQLite) are read in one statement from the queue's covering index,
/// then exact great-circle distances, the person rules and the order are applied here by the
/// same code as on SQLite, so both backends give the same answers.
final class PGQueueSearch: QueueSearch {
    /// Study names seen by earlier searches: the same few hundred recur.
    private let studies = StudyInterner()

    /// The columns a search reads of a queue row: the place where the person queued, or where
    /// the API shows them (both held by the row, the second also in the indexes `queue_shown`).
    private static func columns(_ positions: SearchPositions) -> String {
        positions == .exact ? "q.user_id, q.lat, q.long, q.traits, q.card" : "q.user_id, q.shown_lat, q.shown_long, q.traits, q.card"
    }

    init() {}

    func nearby(_ query: NearbyQuery, excluded: ExcludedUsers, in connection: PGConnection) throws -> [NearbyUser] {
        guard let limit = query.limit else { return try within(query, radius: query.radius, excluded: excluded, in: connection) }
        // Nearest N (`NearestRings`); the answer comes whole from the last circle's statement,
        // which sees one snapshot: the earlier ones only chose its radius.
        var radius = min(query.radius, NearestRings.firstMetres)
        while true {
            let cards = try within(query, radius: radius, excluded: excluded, in: connection)
            if cards.count >= limit || radius >= query.radius { return Array(cards.prefix(limit)) }
            radius = NearestRings.next(after: radius, found: cards.count, wanted: limit, limit: query.radius)
        }
    }

    /// Everyone within `radius` whom the query admits, nearest first: the cells around the
    /// centre read from both queue indexes in one statement, each range of cells its own index
    /// scan (`LATERAL`, so that the planner never trades them for reading the whole table): the
    /// cells of where people queued, or of where the API shows them (`queue_shown`).
    private func within(_ query: NearbyQuery, radius: Double, excluded: ExcludedUsers, in connection: PGConnection) throws -> [NearbyUser] {
        let ranges = SpatialGrid.ranges(around: query.center, radius: radius)
        let cell = query.positions == .exact ? "q.cell" : "q.shown_cell"
        var values: [(any PGValue)?] = [Self.array(ranges.map(\.lowerBound)), Self.array(ranges.map(\.upperBound))]
        // Those open to anything match any study.
        var studyFilter = ""
        if let study = query.study {
            studyFilter = " AND (q.study_keys ? $3 OR q.study_keys ? $4)"
            values += [study.key, Study.anything.key]
        }
        // Each index under its own condition (the columns it names are the queue's alone).
        let scans = [Schema.compactQueueRow, "NOT (\(Schema.compactQueueRow))"].map { rows in
            "SELECT \(Self.columns(query.positions)) FROM slp.queue q WHERE \(cell) BETWEEN r.low AND r.high AND \(rows)\(studyFilter)"
        }
        let sql = """
            SELECT found.* FROM unnest($1::bigint[], $2::bigint[]) AS r(low, high),
            LATERAL (\(scans.joined(separator: " UNION ALL "))) AS found
            """
        let filter = TraitsFilter(query.criteria)
        var cards = try connection.execute(sql, values).map { row -> NearbyUser? in
            guard !excluded.contains(row.int64(0)) else { return nil }
            let coordinate = try place(row)
            let distance = query.center.distance(to: coordinate)
            guard distance <= radius, filter.admits(row.int64(3)) else { return nil }
            return try card(row, coordinate: coordinate, distance: distance)
        }.compactMap { $0 }
        NearestFirstOrder.sort(&cards)
        return cards
    }

    func requesters(of id: Int64, from center: Coordinate, positions: SearchPositions, in connection: PGConnection) throws -> [NearbyUser] {
        try connection.execute("""
            SELECT \(Self.columns(positions)) FROM slp.requests r JOIN slp.queue q ON q.user_id = r.from_id WHERE r.to_id = $1
            """, [id]).map { row in
                let coordinate = try place(row)
                return try card(row, coordinate: coordinate, distance: center.distance(to: coordinate))
            }
    }

    /// The card of a row read with `columns`.
    private func card(_ row: PGRow, coordinate: Coordinate, distance: Double) throws -> NearbyUser {
        let traits = QueueTraits(packed: row.int64(3))
        var text = row.text(4)
        do {
            return try text.withUTF8 { card in
                try QueueCard.read(card, gender: traits.gender, coordinate: coordinate, distance: distance, studies: studies)
            }
        } catch let error as QueueDocumentError {
            throw StoredDataError(table: "queue", id: row.int64(0), detail: error.description)
        }
    }

    /// Where a row read with `columns` places its person.
    private func place(_ row: PGRow) throws -> Coordinate {
        try QueuePlace.of(id: row.int64(0), latitude: row.double(1), longitude: row.double(2))
    }

    /// An array parameter of numbers, in PostgreSQL's text form.
    private static func array(_ numbers: [Int64]) -> String {
        "{" + numbers.map(String.init).joined(separator: ",") + "}"
    }
}
#endif
