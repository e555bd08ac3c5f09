import SLPDomain

/// Where a row a search statement reads places its person, on either backend: the place its
/// columns hold (where they queued, or where the API shows them, as the statement chose), or
/// where a study row's person is shown (`PackedPoint`). Both were valid when written.
enum QueuePlace {
    /// The place at `latitude`, `longitude` of the person of row `id` (read only for an error:
    /// a column read, for every row a search scans).
    static func of(id: @autoclosure () -> Int64, latitude: Double, longitude: Double) throws -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw StoredDataError(table: "queue", id: id(), detail: "coordinate out of range")
        }
    }

    /// Where the API shows the person of row `id`, by the row's `shown`.
    static func shown(id: @autoclosure () -> Int64, packed: Int64) throws -> Coordinate {
        guard let point = PackedPoint.point(packed) else {
            throw StoredDataError(table: "queue", id: id(), detail: "no shown point")
        }
        return point
    }
}
