import SLPDomain

/// Where a row a search statement reads places its person, on either backend: where they
/// queued, or where the API shows them (`QueueShift`). Both were valid when written.
enum QueuePlace {
    /// The place of the person of row `id` at `latitude`, `longitude`, with `shift` read only
    /// when `positions` asks for where the API shows them, and `id` only for an error (each is a
    /// column read, for every row a search scans).
    static func of(
        id: @autoclosure () -> Int64, latitude: Double, longitude: Double, shift: @autoclosure () -> Int64, _ positions: SearchPositions
    ) throws -> Coordinate {
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw StoredDataError(table: "queue", id: id(), detail: "coordinate out of range")
        }
        guard positions == .shown else { return coordinate }
        guard let displacement = QueueShift.displacement(shift()) else {
            throw StoredDataError(table: "queue", id: id(), detail: "no displacement")
        }
        return coordinate.displaced(by: displacement)
    }
}
