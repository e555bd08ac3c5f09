import SLPDomain

/// Search over the queue's grid-clustered rows: only the cells around the point are read,
/// exact great-circle distances are checked afterwards, person rules are applied during the scan.
public final class SQLiteSearchRepository: SearchRepository {
    private let database: Database

    /// First radius tried when only the nearest few are wanted; grown until enough are found.
    /// Small, so that in a crowd the first circle already holds them.
    static let firstRingMetres = 50.0

    /// Cards reserved before a scan. Only the pages the results fill are ever touched (an
    /// allocation this large is mapped page by page on first use), so a few cards cost a few
    /// pages, while a city-centre search (about 1,900 cards at 700 m) never grows the array:
    /// growing it from 1,024 copied 184 KB into fresh pages (81 more page faults in a whole
    /// `slp search` process).
    static let reservedCards = 8_192

    /// Study names seen by earlier searches: the same few hundred recur, and making each
    /// `Study` (its key, its hash) again cost more than a study search's scan.
    private let studies = StudyInterner()

    public init(database: Database) {
        self.database = database
    }

    /// A user found while growing the circle: enough to rank them, not yet their card.
    private struct Hit {
        let distance: Double
        let uid: String
        let userID: Int64
    }

    public func nearby(_ query: NearbyQuery, admits: (CandidateTraits) -> Bool) throws -> [NearbyUser] {
        try database.read { connection in
            let excluded = ExcludedUsers(try query.excluding.compactMap { try QueueRows.userID(of: $0, in: connection) })
            let studies = self.studies
            guard let limit = query.limit else {
                var cards: [NearbyUser] = []
                cards.reserveCapacity(SQLiteSearchRepository.reservedCards)
                try scan(query, radius: query.radius, excluded: excluded, admits: admits, in: connection) { row, coordinate, distance in
                    cards.append(try QueueDocument.nearbyUser(row, coordinate: coordinate, distance: distance, studies: studies))
                }
                NearestFirstOrder.sort(&cards)
                return cards
            }
            // Nearest N: grow the circle until it holds N users (or reaches the radius asked for);
            // everything inside a circle is found, so its N nearest are the answer. Only the N
            // cards that are returned are read in full.
            var radius = min(query.radius, SQLiteSearchRepository.firstRingMetres)
            while true {
                var hits: [Hit] = []
                try scan(query, radius: radius, excluded: excluded, admits: admits, in: connection) { row, _, distance in
                    hits.append(Hit(distance: distance, uid: QueueDocument.uidText(row), userID: QueueDocument.userID(row)))
                }
                if hits.count >= limit || radius >= query.radius {
                    hits.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
                    let card = try connection.cached("SELECT \(QueueDocument.columns) FROM queue WHERE user_id = ?")
                    return try hits.prefix(limit).compactMap { hit in
                        try card.first([.integer(hit.userID)]) { row in
                            try QueueDocument.nearbyUser(row, coordinate: try QueueDocument.coordinate(row), distance: hit.distance, studies: studies)
                        }
                    }
                }
                // Users grow with the area: aim straight for N with a margin, at least doubling.
                let aim = radius * (Double(limit) / Double(max(hits.count, 1))).squareRoot() * 1.25
                radius = min(query.radius, max(radius * 2, aim))
            }
        }
    }

    /// Calls `keep` for every waiting user within `radius` of the centre whom the query and
    /// `admits` allow, with their row, position and distance, in no particular order.
    private func scan(
        _ query: NearbyQuery, radius: Double, excluded: ExcludedUsers, admits: (CandidateTraits) -> Bool, in connection: Connection,
        keep: (Row, Coordinate, Double) throws -> Void
    ) throws {
        let ranges = SpatialGrid.ranges(around: query.center, radius: radius)
        func visit(_ row: Row) throws {
            let id = QueueDocument.userID(row)
            guard !excluded.contains(id) else { return }
            let coordinate = try QueueDocument.coordinate(row)
            let distance = query.center.distance(to: coordinate)
            guard distance <= radius, admits(QueueDocument.traits(row)) else { return }
            try keep(row, coordinate, distance)
        }
        if let study = query.study {
            // Study rows carry the document's columns, in the same order.
            let statement = try connection.cached("SELECT \(QueueDocument.columns) FROM queue_studies WHERE study = ? AND cell BETWEEN ? AND ?")
            for range in ranges {
                try statement.forEach([.text(study.key), .integer(range.lowerBound), .integer(range.upperBound)], visit)
                guard study != .anything else { continue }
                // Those open to anything match too, unless they list the study as well: then
                // the rows just read already held them.
                try statement.forEach([.text(Study.anything.key), .integer(range.lowerBound), .integer(range.upperBound)]) { row in
                    guard !QueueDocument.studyList(row, studies: studies).studies.contains(study) else { return }
                    try visit(row)
                }
            }
        } else {
            let statement = try connection.cached("SELECT \(QueueDocument.columns) FROM queue WHERE cell BETWEEN ? AND ?")
            for range in ranges {
                try statement.forEach([.integer(range.lowerBound), .integer(range.upperBound)], visit)
            }
        }
    }

    public func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser] {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return [] }
            let studies = self.studies
            return try connection.cached("""
                SELECT \(QueueDocument.qualifiedColumns) FROM requests r JOIN queue q ON q.user_id = r.from_id
                WHERE r.to_id = ?
                """).map([.integer(id)]) { row in
                    let coordinate = try QueueDocument.coordinate(row)
                    return try QueueDocument.nearbyUser(row, coordinate: coordinate, distance: center.distance(to: coordinate), studies: studies)
                }
        }
    }

    public func reportedPartners(of uid: UserID) throws -> [UserID] {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return [] }
            let uids = try connection.cached("""
                SELECT u.uid FROM reports r JOIN users u ON u.id = r.reported_id WHERE r.reporter_id = ?1
                UNION
                SELECT u.uid FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.reported_id = ?1
                """).map([.integer(id)]) { $0.text(0) }
            // UNION already made each uid appear once.
            return uids.compactMap { try? UserID($0) }
        }
    }
}
