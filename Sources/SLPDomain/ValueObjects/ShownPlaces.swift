/// Where the API shows someone who stands at a place (SPEC §6, "Where someone stands"): a point
/// of their cell (`PlaceCell`) that the service's keyed hash draws from the cell alone, to the
/// hundred-thousandth of a degree. Everyone in a cell is shown at its one point, on every entry
/// and whatever the precision of the place they sent, so no number of shown points, searches,
/// entries or moves tells more than the cell; and without the key the point's place within the
/// cell is unknown, so shown points form no visible grid.
public struct ShownPlaces: Sendable {
    /// Steps of a degree the shown points keep.
    public static let stepsPerDegree = 100_000.0
    /// The share of a cell's height and width kept clear at each edge: a point so drawn, rounded,
    /// still lies inside its cell.
    static let margin = 0.01
    /// What the digest is of, before the cell: the key's one use, named.
    private static let purpose = Array("slp shown place 1".utf8)

    private let key: any KeyedHash

    public init(key: any KeyedHash) {
        self.key = key
    }

    /// The point the API shows for someone standing at `coordinate`.
    public func point(for coordinate: Coordinate) -> Coordinate {
        point(of: PlaceCell(containing: coordinate))
    }

    /// The point the API shows for everyone standing in `cell`.
    public func point(of cell: PlaceCell) -> Coordinate {
        var message = ShownPlaces.purpose
        for value in [UInt32(cell.row), UInt32(cell.column)] {
            withUnsafeBytes(of: value.bigEndian) { message += $0 }
        }
        let digest = key.digest(message)
        func fraction(_ offset: Int) -> Double {
            let word = digest[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return ShownPlaces.margin + (1 - 2 * ShownPlaces.margin) * Double(word) / 4_294_967_296
        }
        func rounded(_ degrees: Double) -> Double { (degrees * ShownPlaces.stepsPerDegree).rounded() / ShownPlaces.stepsPerDegree }
        // Inside the cell, whose edges are in range.
        return try! Coordinate(
            latitude: rounded(cell.south + fraction(0) * (cell.north - cell.south)),
            longitude: rounded(cell.west + fraction(4) * (cell.east - cell.west)))
    }
}
