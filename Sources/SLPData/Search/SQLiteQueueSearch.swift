import SLPDomain

/// Search over the queue's grid-clustered rows: only the cells around the point are read, exact
/// great-circle distances are checked afterwards, the person rules are applied to each row's
/// packed traits during the scan, and a card is read only for the rows kept.
final class SQLiteQueueSearch: QueueSearch {

    /// The columns a search reads of a `queue` row: the place where the person queued, or where
    /// the API shows them (both held by the row, the second also in the index `queue_shown`).
    private static func columns(_ positions: SearchPositions) -> String {
        positions == .exact ? "user_id, lat, long, traits, card" : "user_id, shown_lat, shown_long, traits, card"
    }

    /// The columns a search reads of a `queue_studies` row, which holds where the person queued
    /// and where the API shows them (`PackedPoint`), read when it places them there.
    private static func studyColumns(_ positions: SearchPositions) -> String {
        positions == .exact ? "user_id, lat, long, traits, card" : "user_id, lat, long, traits, card, shown"
    }

    /// Cards a search makes room for at once: a city-centre search at the default radius (about
    /// two thousand people) then fills them without growing the array, and a few cards touch
    /// only the memory they fill.
    static let reservedCards = 4_096

    /// Study names seen by earlier searches: the same few hundred recur.
    private let studies = StudyInterner()

    init() {}

    /// A user found while growing the circle: enough to rank them, not yet their card.
    private struct Hit {
        let distance: Double
        let uid: String
        let userID: Int64
    }

    func nearby(_ query: NearbyQuery, excluded: ExcludedUsers, in connection: Connection) throws -> [NearbyUser] {
        let filter = TraitsFilter(query.criteria)
        guard let limit = query.limit else {
            var cards: [NearbyUser] = []
            cards.reserveCapacity(SQLiteQueueSearch.reservedCards)
            try scan(query, radius: query.radius, excluded: excluded, filter: filter, in: connection) { row, coordinate, distance in
                cards.append(try card(row, coordinate: coordinate, distance: distance))
            }
            NearestFirstOrder.sort(&cards)
            return cards
        }
        // Nearest N (`NearestRings`). Only the N cards that are returned are read in full.
        var radius = min(query.radius, NearestRings.firstMetres)
        while true {
            var hits: [Hit] = []
            try scan(query, radius: radius, excluded: excluded, filter: filter, in: connection) { row, _, distance in
                let uid = row.withUTF8(4) { QueueCard.field(.uid, of: $0).map { String(decoding: $0, as: UTF8.self) } ?? "" }
                hits.append(Hit(distance: distance, uid: uid, userID: row.int64(0)))
            }
            if hits.count >= limit || radius >= query.radius {
                hits.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
                let statement = try connection.cached("SELECT \(Self.columns(query.positions)) FROM queue WHERE user_id = ?")
                return try hits.prefix(limit).compactMap { hit in
                    try statement.first([.integer(hit.userID)]) { row in
                        try card(row, coordinate: try place(row), distance: hit.distance)
                    }
                }
            }
            radius = NearestRings.next(after: radius, found: hits.count, wanted: limit, limit: query.radius)
        }
    }

    /// Calls `keep` for every waiting user within `radius` of the centre whom the query and the
    /// filter allow, with their row, position and distance, in no particular order.
    private func scan(
        _ query: NearbyQuery, radius: Double, excluded: ExcludedUsers, filter: TraitsFilter, in connection: Connection,
        keep: (Row, Coordinate, Double) throws -> Void
    ) throws {
        // A study row holds where the API shows its person, packed.
        let unpacksShown = query.study != nil && query.positions == .shown
        func visit(_ row: Row) throws {
            guard !excluded.contains(row.int64(0)) else { return }
            let coordinate = unpacksShown ? try shownPlace(row) : try place(row)
            let distance = query.center.distance(to: coordinate)
            guard distance <= radius, filter.admits(row.int64(3)) else { return }
            try keep(row, coordinate, distance)
        }
        guard let study = query.study else {
            // `queue` is read by the cells of the places searched: where people queued (its
            // key), or where the API shows them (`queue_shown`).
            let cell = query.positions == .exact ? "cell" : "shown_cell"
            let statement = try connection.cached("SELECT \(Self.columns(query.positions)) FROM queue WHERE \(cell) BETWEEN ? AND ?")
            for range in SpatialGrid.ranges(around: query.center, radius: radius) {
                try statement.forEach([.integer(range.lowerBound), .integer(range.upperBound)], visit)
            }
            return
        }
        // Study rows lie in the grid cells of where people queued, and each shown point in the
        // `PlaceCell` of its person's place: the rows within the radius and the widest such cell
        // hold everyone shown within the radius.
        let reach = unpacksShown ? radius + PlaceCell.widestSpan(within: radius, of: query.center) : radius
        let ranges = SpatialGrid.ranges(around: query.center, radius: reach)
        let statement = try connection.cached("""
            SELECT \(Self.studyColumns(query.positions)) FROM queue_studies WHERE study = ? AND cell BETWEEN ? AND ?
            """)
        for range in ranges {
            try statement.forEach([.text(study.key), .integer(range.lowerBound), .integer(range.upperBound)], visit)
            guard study != .anything else { continue }
            // Those open to anything match too, unless they list the study as well: then the
            // rows just read already held them.
            try statement.forEach([.text(Study.anything.key), .integer(range.lowerBound), .integer(range.upperBound)]) { row in
                let listed = row.withUTF8(4) { card in
                    QueueCard.field(.studies, of: card).map { studies.studyList($0).studies.contains(study) } ?? false
                }
                if !listed { try visit(row) }
            }
        }
    }

    /// The card of the row read by a search statement.
    private func card(_ row: Row, coordinate: Coordinate, distance: Double) throws -> NearbyUser {
        let traits = QueueTraits(packed: row.int64(3))
        do {
            return try row.withUTF8(4) { card in
                try QueueCard.read(card, gender: traits.gender, coordinate: coordinate, distance: distance, studies: studies)
            }
        } catch let error as QueueDocumentError {
            throw StoredDataError(table: "queue", id: row.int64(0), detail: error.description)
        }
    }

    /// Where a `queue` row read with `columns` places its person.
    private func place(_ row: Row) throws -> Coordinate {
        try QueuePlace.of(id: row.int64(0), latitude: row.double(1), longitude: row.double(2))
    }

    /// Where the API shows the person of a `queue_studies` row read with `studyColumns(.shown)`.
    private func shownPlace(_ row: Row) throws -> Coordinate {
        try QueuePlace.shown(id: row.int64(0), packed: row.int64(5))
    }

    func requesters(of id: Int64, from center: Coordinate, positions: SearchPositions, in connection: Connection) throws -> [NearbyUser] {
        try connection.cached("""
            SELECT \(Self.columns(positions)) FROM requests r JOIN queue q ON q.user_id = r.from_id WHERE r.to_id = ?
            """).map([.integer(id)]) { row in
                let coordinate = try place(row)
                return try card(row, coordinate: coordinate, distance: center.distance(to: coordinate))
            }
    }
}
