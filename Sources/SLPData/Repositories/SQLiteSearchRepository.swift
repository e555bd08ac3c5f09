import Foundation
import SLPDomain

/// Search over the queue's grid-clustered rows: only the cells around the point are read,
/// exact great-circle distances are checked afterwards, person rules are applied during the scan.
public final class SQLiteSearchRepository: SearchRepository {
    private let database: Database

    /// First radius tried when only the nearest few are wanted; doubled until enough are found.
    static let firstRingMetres = 250.0

    public init(database: Database) {
        self.database = database
    }

    public func nearby(_ query: NearbyQuery, admits: (CandidateTraits) -> Bool) throws -> [NearbyUser] {
        try database.read { connection in
            let excluded = Set(try query.excluding.compactMap { try QueueRows.userID(of: $0, in: connection) })
            func scan(_ radius: Double) throws -> [NearbyUser] {
                let found = try self.scan(query, radius: radius, excluded: excluded, admits: admits, in: connection)
                // Cards are large; sort their positions, then move each card once.
                let order = found.indices.sorted {
                    found[$0].distance != found[$1].distance ? found[$0].distance < found[$1].distance : found[$0].uid < found[$1].uid
                }
                return order.map { found[$0] }
            }
            guard let limit = query.limit else { return try scan(query.radius) }
            // Nearest N: grow the circle until it holds N users (or reaches the radius asked for);
            // everything inside a circle is found, so its N nearest are the answer.
            var radius = min(query.radius, SQLiteSearchRepository.firstRingMetres)
            while true {
                let found = try scan(radius)
                if found.count >= limit || radius >= query.radius { return Array(found.prefix(limit)) }
                radius = min(query.radius, radius * 2)
            }
        }
    }

    private func scan(
        _ query: NearbyQuery, radius: Double, excluded: Set<Int64>, admits: (CandidateTraits) -> Bool, in connection: Connection
    ) throws -> [NearbyUser] {
        let ranges = SpatialGrid.ranges(around: query.center, radius: radius)
        var found: [NearbyUser] = []
        found.reserveCapacity(1_024)
        var seen = Set<Int64>()
        func visit(_ row: Row) throws {
            let id = QueueDocument.userID(row)
            guard !excluded.contains(id) else { return }
            let coordinate = try QueueDocument.coordinate(row)
            let distance = query.center.distance(to: coordinate)
            guard distance <= radius, admits(QueueDocument.traits(row)) else { return }
            // A user listing both the study and `anything` comes up twice in a study search.
            guard query.study == nil || seen.insert(id).inserted else { return }
            found.append(QueueDocument.nearbyUser(row, coordinate: coordinate, distance: distance))
        }
        if let study = query.study {
            let statement = try connection.cached("""
                SELECT \(QueueDocument.qualifiedColumns) FROM queue_studies s
                JOIN queue q ON q.cell = s.cell AND q.user_id = s.user_id
                WHERE s.study = ? AND s.cell BETWEEN ? AND ?
                """)
            let keys = study == .anything ? [study.key] : [study.key, Study.anything.key]
            for range in ranges {
                for key in keys {
                    try statement.forEach([.text(key), .integer(range.lowerBound), .integer(range.upperBound)], visit)
                }
            }
        } else {
            let statement = try connection.cached("SELECT \(QueueDocument.columns) FROM queue WHERE cell BETWEEN ? AND ?")
            for range in ranges {
                try statement.forEach([.integer(range.lowerBound), .integer(range.upperBound)], visit)
            }
        }
        return found
    }

    public func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser] {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return [] }
            return try connection.cached("""
                SELECT \(QueueDocument.qualifiedColumns) FROM requests r JOIN queue q ON q.user_id = r.from_id
                WHERE r.to_id = ?
                """).map([.integer(id)]) { row in
                    let coordinate = try QueueDocument.coordinate(row)
                    return QueueDocument.nearbyUser(row, coordinate: coordinate, distance: center.distance(to: coordinate))
                }
        }
    }

    public func reportedPartners(of uid: UserID) throws -> Set<UserID> {
        try database.read { connection in
            guard let id = try QueueRows.userID(of: uid, in: connection) else { return [] }
            let uids = try connection.cached("""
                SELECT u.uid FROM reports r JOIN users u ON u.id = r.reported_id WHERE r.reporter_id = ?1
                UNION
                SELECT u.uid FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.reported_id = ?1
                """).map([.integer(id)]) { $0.text(0) }
            return Set(uids.compactMap { try? UserID($0) })
        }
    }
}
