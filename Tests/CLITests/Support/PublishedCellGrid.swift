import Foundation

/// The cells the API's shown points depend on, as docs/API.md publishes them, worked out here
/// as an attacker would from that text alone (not from slp's code): rows 0.0009° of latitude
/// high from the south pole; each row cut from longitude −180 into as many equal columns as fit
/// 100 m wide along the row's edge nearer a pole, at least one.
enum PublishedCellGrid {
    struct Cell: Equatable {
        let row: Int
        let column: Int
        let south: Double
        let north: Double
        let west: Double
        let east: Double

        var centre: (latitude: Double, longitude: Double) { ((south + north) / 2, (west + east) / 2) }

        func contains(_ place: (latitude: Double, longitude: Double)) -> Bool {
            PublishedCellGrid.cell(place) == self
        }
    }

    static let rowDegrees = 0.0009
    static let widthMetres = 100.0
    static let earthRadius = 6_371_008.8

    static func cell(_ place: (latitude: Double, longitude: Double)) -> Cell {
        let row = min(Int(180 / rowDegrees) - 1, Int(((place.latitude + 90) / rowDegrees).rounded(.down)))
        let south = Double(row) * rowDegrees - 90, north = Double(row + 1) * rowDegrees - 90
        let nearerPole = max(abs(south), abs(north))
        let around = 2 * Double.pi * earthRadius * cos(min(90, nearerPole) * Double.pi / 180)
        let columns = max(1, Int((around / widthMetres).rounded(.down)))
        let width = 360 / Double(columns)
        let column = Int(((place.longitude + 180) / width).rounded(.down)) % columns
        return Cell(row: row, column: column, south: south, north: north, west: Double(column) * width - 180, east: Double(column + 1) * width - 180)
    }

    /// Great-circle metres on slp's sphere (haversine).
    static func distance(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let halfLatitude = sin((b.latitude - a.latitude) * radians / 2), halfLongitude = sin((b.longitude - a.longitude) * radians / 2)
        let h = halfLatitude * halfLatitude + cos(a.latitude * radians) * cos(b.latitude * radians) * halfLongitude * halfLongitude
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}
