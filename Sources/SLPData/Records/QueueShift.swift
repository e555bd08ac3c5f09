import SLPDomain

/// How far and which way the API shows a waiting user (`QueueEntry.displacement`), packed in one
/// integer (`queue.shift`, copied into `queue_studies.shift`): the hundredths of a degree times
/// 10,001, plus the centimetres beyond 50 m. A queue row also holds the point it gives (searched
/// by `queue_shown`); a study search works it out from the row's place and this. The only
/// definition of the layout.
enum QueueShift {
    /// What a row holds before its user was given a displacement (the migration that added
    /// the column): no displacement.
    static let missing: Int64 = -1

    private static let distances = Int64(Displacement.centimetreRange.count)

    static func packed(_ displacement: Displacement) -> Int64 {
        Int64(displacement.centidegrees) * distances + Int64(displacement.centimetres - Displacement.centimetreRange.lowerBound)
    }

    /// The displacement `packed` holds; nil when it holds none (or not one of this layout).
    static func displacement(_ packed: Int64) -> Displacement? {
        guard packed >= 0 else { return nil }
        let (degrees, centimetres) = packed.quotientAndRemainder(dividingBy: distances)
        return try? Displacement(centidegrees: Int(degrees), centimetres: Int(centimetres) + Displacement.centimetreRange.lowerBound)
    }
}
