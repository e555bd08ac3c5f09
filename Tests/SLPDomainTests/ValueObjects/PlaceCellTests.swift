import Foundation
@testable import SLPDomain
import SLPSupport
import SLPTestSupport
import XCTest

/// The cells where someone stands is known by through the API, and the point each is shown at
/// (SPEC §6, "Where someone stands"): about 100 m each way at every latitude, sane at the poles
/// and across the antimeridian; one point per cell, drawn by the key alone.
final class PlaceCellTests: XCTestCase {
    private let places = ShownPlaces(key: TestKeyedHash())

    /// Metres along the parallel of `latitude` between the edges of `cell`.
    private func width(_ cell: PlaceCell, at latitude: Double) -> Double {
        Coordinate.earthRadiusMetres * cos(latitude * Double.pi / 180) * (cell.east - cell.west) * Double.pi / 180
    }

    /// A point `north` and `east` fractions of the way across `cell`.
    private func inside(_ cell: PlaceCell, _ north: Double, _ east: Double) -> Coordinate {
        .at(cell.south + north * (cell.north - cell.south), cell.west + east * (cell.east - cell.west))
    }

    func testEveryoneInACellIsShownAtItsOnePointInsideIt() throws {
        var random = SplitMix64(seed: 49)
        for _ in 0..<2_000 {
            let cell = PlaceCell(containing: .at(random.nextUnit() * 180 - 90, random.nextUnit() * 360 - 180))
            let shown = places.point(of: cell)
            XCTAssertEqual(PlaceCell(containing: shown), cell, "the point lies in its cell")
            for _ in 0..<4 {
                let there = inside(cell, random.nextUnit(), random.nextUnit())
                XCTAssertEqual(PlaceCell(containing: there), cell)
                XCTAssertEqual(places.point(for: there), shown)
            }
            // Kept to the hundred-thousandth of a degree.
            XCTAssertEqual(shown.latitude * 100_000, (shown.latitude * 100_000).rounded(), accuracy: 1e-6)
            XCTAssertEqual(shown.longitude * 100_000, (shown.longitude * 100_000).rounded(), accuracy: 1e-6)
        }
    }

    /// However many decimals are sent, the cell alone decides: 8 decimals or every digit give the
    /// same point.
    func testThePrecisionSentChangesNothing() {
        let full = Coordinate.at(37.566_123_456_789_01, 126.977_987_654_321_09)
        let eight = Coordinate.at(37.566_123_46, 126.977_987_65)
        let four = Coordinate.at(37.5661, 126.978)
        XCTAssertEqual(places.point(for: full), places.point(for: eight))
        XCTAssertEqual(places.point(for: full), places.point(for: four))
    }

    /// Another key shows the same cells elsewhere within them: the point's place in its cell is
    /// the key's.
    func testTheKeyDecidesWhereInTheCell() {
        let other = ShownPlaces(key: TestKeyedHash(key: 50))
        var differ = 0
        for row in stride(from: 10_000, to: 190_000, by: 3_000) {
            let cell = PlaceCell(containing: .at(Double(row) * PlaceCell.rowDegrees - 90 + 0.0004, 12.3))
            XCTAssertEqual(PlaceCell(containing: other.point(of: cell)), cell)
            if other.point(of: cell) != places.point(of: cell) { differ += 1 }
        }
        XCTAssertEqual(differ, 60)
    }

    /// About 100 m north–south and east–west from the equator to the last degree before a pole,
    /// both hemispheres: at least 100 m wide, and 100.08 m high.
    func testCellsAreAboutAHundredMetresEachWay() {
        for latitude in [0.0, 0.0004, 23.4, 37.5665, 51.5, 60, 69.7, 78.2, 85, 88.9, -33.87, -54.8, -77.85, -88.95] {
            let cell = PlaceCell(containing: .at(latitude, 10))
            let south = Coordinate.at(cell.south, cell.west), north = Coordinate.at(cell.north, cell.west)
            XCTAssertEqual(south.distance(to: north), 100.08, accuracy: 0.01, "height at \(latitude)")
            let widths = [cell.south, cell.north].map { width(cell, at: $0) }
            XCTAssertGreaterThanOrEqual(widths.min()!, 100, "width at \(latitude)")
            XCTAssertLessThanOrEqual(widths.max()!, 101, "width at \(latitude)")
        }
    }

    /// Within a few hundred metres of a pole the rows hold few cells; they stay at least 100 m
    /// wide and at most a few hundred, and the pole itself is one cell, the same from every
    /// longitude.
    func testCellsNearThePolesStaySane() {
        for pole in [90.0, -90.0] {
            let cell = PlaceCell(containing: .at(pole, 0))
            XCTAssertEqual(PlaceCell.columns(inRow: cell.row), 1)
            for longitude in [-180.0, -90, 0, 45.5, 179.999, 180] {
                XCTAssertEqual(PlaceCell(containing: .at(pole, longitude)), cell)
                XCTAssertEqual(PlaceCell(containing: .at(pole - pole / 90 * 0.0008, longitude)), cell, "a cap 89 m around the pole")
                XCTAssertEqual(places.point(for: .at(pole, longitude)), places.point(of: cell))
            }
            XCTAssertLessThan(Coordinate.at(pole, 0).distance(to: places.point(of: cell)), 100.1)
            for step in 1...30 {
                let latitude = pole - pole / 90 * (0.0009 * Double(step) + 0.0004)
                let row = PlaceCell(containing: .at(latitude, 0))
                XCTAssertGreaterThan(PlaceCell.columns(inRow: row.row), 1)
                let edges = [row.south, row.north].map { width(row, at: $0) }
                XCTAssertGreaterThanOrEqual(edges.min()!, 100, "\(step) rows from the pole")
                XCTAssertLessThanOrEqual(edges.max()!, 250, "\(step) rows from the pole")
            }
        }
    }

    /// Longitudes 180 and −180 are one place, one cell, one point; the antimeridian is a cell edge
    /// in every row, so no cell straddles it.
    func testTheAntimeridian() {
        for latitude in [-89.5, -45, 0, 37.5665, 66.6, 89.99] {
            let east = PlaceCell(containing: .at(latitude, 180)), west = PlaceCell(containing: .at(latitude, -180))
            XCTAssertEqual(east, west)
            XCTAssertEqual(east.column, 0)
            XCTAssertEqual(places.point(for: .at(latitude, 180)), places.point(for: .at(latitude, -180)))
            let last = PlaceCell(containing: .at(latitude, 179.999_999))
            XCTAssertEqual(last.column, PlaceCell.columns(inRow: last.row) - 1)
            XCTAssertEqual(last.east, 180, accuracy: 1e-9)
            XCTAssertEqual(west.west, -180)
            XCTAssertLessThan(places.point(of: last).longitude, 180)
            XCTAssertGreaterThan(places.point(of: west).longitude, -180)
        }
    }

    /// The most two points of a cell are apart bounds every cell of every row, and is no more than
    /// 142 m short of the poles (SQLite's searches by study read that far beyond the radius).
    func testTheWidestSpanBoundsEveryCell() {
        for row in 0..<PlaceCell.rows {
            let cell = PlaceCell(containing: .at(min(90, Double(row) * PlaceCell.rowDegrees - 90 + 0.0004), 0))
            XCTAssertEqual(cell.row, row)
            let bound = PlaceCell.widestSpan(within: 0, of: .at(cell.south, 0))
            if abs(cell.south) < 89 && abs(cell.north) < 89 {
                XCTAssertLessThanOrEqual(PlaceCell.span(ofRow: row), PlaceCell.ordinarySpanMetres, "row \(row)")
            } else {
                XCTAssertLessThanOrEqual(PlaceCell.span(ofRow: row), bound, "row \(row)")
            }
        }
        XCTAssertEqual(PlaceCell.widestSpan(within: 50_000, of: .at(37.5665, 126.978)), 142)
        // Random pairs in cells near the poles and elsewhere are never farther apart than the bound.
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let latitude = random.nextUnit() < 0.5 ? 89 + random.nextUnit() : random.nextUnit() * 178 - 89
            let cell = PlaceCell(containing: .at(random.nextUnit() < 0.5 ? latitude : -latitude, random.nextUnit() * 360 - 180))
            let a = inside(cell, random.nextUnit(), random.nextUnit()), b = inside(cell, random.nextUnit(), random.nextUnit())
            XCTAssertLessThanOrEqual(a.distance(to: b), PlaceCell.widestSpan(within: 0, of: a), "\(a) \(b)")
        }
    }
}
