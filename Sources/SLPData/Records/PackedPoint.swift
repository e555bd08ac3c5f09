import SLPDomain

/// Where the API shows a waiting user (`QueueEntry.shownCoordinate`, in steps of
/// `ShownPlaces.stepsPerDegree`) in one integer, `queue.shown`, copied into SQLite's
/// `queue_studies.shown`, from which a study search places a study row's person: the steps
/// north of −90° times 36,000,001, plus the steps east of −180°. The only definition of the
/// layout; a point comes back as the very number it was.
enum PackedPoint {
    /// What a row holds before its user's point was worked out (the migration that added the
    /// column; the rebuild that follows it fills it in).
    static let missing: Int64 = -1

    private static let steps = ShownPlaces.stepsPerDegree
    private static let southPole = Int64(90 * steps), antimeridian = Int64(180 * steps)
    private static let longitudes = 2 * antimeridian + 1

    static func packed(_ point: Coordinate) -> Int64 {
        (Int64((point.latitude * steps).rounded()) + southPole) * longitudes + Int64((point.longitude * steps).rounded()) + antimeridian
    }

    /// The point `packed` holds; nil when it holds none (or not one of this layout).
    static func point(_ packed: Int64) -> Coordinate? {
        guard packed >= 0 else { return nil }
        let (north, east) = packed.quotientAndRemainder(dividingBy: longitudes)
        return try? Coordinate(latitude: Double(north - southPole) / steps, longitude: Double(east - antimeridian) / steps)
    }
}
