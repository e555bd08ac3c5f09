import SLPSupport

/// The cell of about 100 m × 100 m that the API knows where someone stands by (SPEC §6, "Where
/// someone stands"). Rows are 0.0009° of latitude high (100.08 m), from the south pole; each row
/// is cut, from longitude −180, into as many equal columns as fit 100 m wide along its edge
/// nearer a pole (at least one). So a cell is 100 to about 100.1 m wide away from the poles,
/// wider only in the few rows nearest one, and each pole is one cell (a cap of 100 m radius).
/// The antimeridian is an edge of every row, and longitudes 180 and −180 are one place.
public struct PlaceCell: Hashable, Sendable {
    public static let rowDegrees = 0.0009
    public static let rows = 200_000
    public static let leastWidthMetres = 100.0

    public let row: Int
    public let column: Int

    public init(containing coordinate: Coordinate) {
        row = PlaceCell.row(latitude: coordinate.latitude)
        let columns = PlaceCell.columns(inRow: row)
        column = Int(((coordinate.longitude + 180) / (360 / Double(columns))).rounded(.down)) % columns
    }

    private static func row(latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) / rowDegrees).rounded(.down))))
    }

    /// The columns of row `row`.
    public static func columns(inRow row: Int) -> Int {
        let around = 2 * Double.pi * Coordinate.earthRadiusMetres * Elementary.cos(edgeNearerAPole(ofRow: row) * Double.pi / 180)
        return max(1, Int((around / leastWidthMetres).rounded(.down)))
    }

    /// The latitude, north or south, of the edge of row `row` nearer a pole.
    private static func edgeNearerAPole(ofRow row: Int) -> Double {
        max(abs(latitude(ofRowEdge: row)), abs(latitude(ofRowEdge: row + 1)))
    }

    /// The latitude of the southern edge of row `row` (of the north pole for `rows`).
    private static func latitude(ofRowEdge row: Int) -> Double {
        min(90, Double(row) * rowDegrees - 90)
    }

    /// Degrees of longitude one cell of this row spans.
    public var width: Double { 360 / Double(PlaceCell.columns(inRow: row)) }
    public var south: Double { PlaceCell.latitude(ofRowEdge: row) }
    public var north: Double { PlaceCell.latitude(ofRowEdge: row + 1) }
    public var west: Double { Double(column) * width - 180 }
    public var east: Double { Double(column + 1) * width - 180 }

    /// Below this latitude (north or south), no two points of one cell are more than
    /// `ordinarySpanMetres` apart; the rows beyond are measured one by one.
    static let ordinaryLatitude = 89.0
    static let ordinarySpanMetres = 142.0

    /// The most two points of one cell are apart, in metres, for every cell that has a point
    /// within `radius` metres of `center` (a bound, never less).
    public static func widestSpan(within radius: Double, of center: Coordinate) -> Double {
        let reach = (radius + 1_000) / Coordinate.earthRadiusMetres * 180 / Double.pi
        let south = max(-90, center.latitude - reach), north = min(90, center.latitude + reach)
        guard south < -ordinaryLatitude || north > ordinaryLatitude else { return ordinarySpanMetres }
        var widest = ordinarySpanMetres
        for row in self.row(latitude: south)...self.row(latitude: north) where edgeNearerAPole(ofRow: row) > ordinaryLatitude {
            widest = max(widest, span(ofRow: row))
        }
        return widest
    }

    /// The most two points of one cell of `row` are apart, in metres: the farthest of its corners
    /// (half a turn apart at most), with a hair of margin for the rounding of the distances.
    static func span(ofRow row: Int) -> Double {
        let south = latitude(ofRowEdge: row), north = latitude(ofRowEdge: row + 1)
        let width = min(180, 360 / Double(columns(inRow: row)))
        // Latitudes of row edges and longitudes from 0 to 180 are all in range.
        func at(_ latitude: Double, _ longitude: Double) -> Coordinate { try! Coordinate(latitude: latitude, longitude: longitude) }
        let corners = [
            at(south, 0).distance(to: at(north, width)), at(north, 0).distance(to: at(south, width)),
            at(south, 0).distance(to: at(south, width)), at(north, 0).distance(to: at(north, width)),
            at(south, 0).distance(to: at(north, 0)),
        ]
        return corners.max()! * (1 + 1e-9) + 0.001
    }
}
