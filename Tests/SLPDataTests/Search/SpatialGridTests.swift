import Foundation
import SLPDomain
import SLPTestSupport
import SLPSupport
import XCTest

@testable import SLPData

final class SpatialGridTests: XCTestCase {
    /// Random points inside random circles anywhere on Earth always fall in one of the ranges.
    func testRangesCoverEveryPointOfTheCircle() {
        var random = SplitMix64(seed: 1_234)
        var checked = 0
        for trial in 0..<3_000 {
            let latitude: Double
            switch trial % 5 {
            case 0: latitude = 90 - random.nextUnit() * 0.6         // near the north pole
            case 1: latitude = -90 + random.nextUnit() * 0.6        // near the south pole
            default: latitude = -90 + 180 * random.nextUnit()
            }
            // A third of the centres within 0.05° of the antimeridian, on either side.
            let nearAntimeridian = trial % 2 == 0 ? 180 - 0.05 * random.nextUnit() : -180 + 0.05 * random.nextUnit()
            let longitude = trial % 3 == 0 ? nearAntimeridian : -180 + 360 * random.nextUnit()
            let center = Coordinate.at(latitude, longitude)
            let radius = 1 + pow(50_000, random.nextUnit())
            let ranges = SpatialGrid.ranges(around: center, radius: radius)
            XCTAssertFalse(ranges.isEmpty)
            for _ in 0..<40 {
                // Half the points on or just inside the edge, where covering is hardest.
                let fraction = random.nextUnit() < 0.5 ? 1 - 1e-9 * random.nextUnit() : random.nextUnit().squareRoot()
                let point = center.moved(radius * fraction, bearing: 360 * random.nextUnit())
                guard center.distance(to: point) <= radius else { continue }
                let cell = SpatialGrid.cell(point)
                checked += 1
                if !ranges.contains(where: { $0.contains(cell) }) {
                    XCTFail("\(point) at \(center.distance(to: point)) m of \(center) (radius \(radius)) is in no range")
                    return
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// Small circles far north and south, points on their widest edge: where a half-width taken
    /// from an acos near 1 lost its precision (metre-wide circles missed points by 10⁻⁸° and more).
    func testSmallCirclesNearThePolesKeepTheirEdges() {
        var random = SplitMix64(seed: 2_026)
        var checked = 0
        for trial in 0..<4_000 {
            let latitude = (trial % 2 == 0 ? 1.0 : -1.0) * (90 - pow(10, -4 * random.nextUnit()))  // 89° to 89.9999°
            let center = Coordinate.at(latitude, -180 + 360 * random.nextUnit())
            let radius = pow(10, -1 + 2.5 * random.nextUnit())  // 0.1 m to 30 m
            let ranges = SpatialGrid.ranges(around: center, radius: radius)
            for _ in 0..<50 {
                // The widest points, east and west, where the half-width decides.
                let bearing = (random.nextUnit() < 0.5 ? 90.0 : 270.0) + 2 * random.nextUnit() - 1
                let point = center.moved(radius * (1 - 1e-12 * random.nextUnit()), bearing: bearing)
                guard center.distance(to: point) <= radius else { continue }
                checked += 1
                let cell = SpatialGrid.cell(point)
                if !ranges.contains(where: { $0.contains(cell) }) {
                    XCTFail("\(point) at \(center.distance(to: point)) m of \(center) (radius \(radius)) is in no range")
                    return
                }
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    func testRangesStayNarrowAwayFromThePoles() {
        // A 700 m circle in Seoul reads about 13 rows of at most 17 cells each, not whole rows.
        let ranges = SpatialGrid.ranges(around: .at(37.5665, 126.978), radius: 700)
        XCTAssertTrue((12...16).contains(ranges.count), "\(ranges.count) rows")
        for range in ranges {
            XCTAssertLessThan(range.upperBound - range.lowerBound, 18)
        }
    }

    func testRangesHugTheCircle() {
        // A 700 m circle in Seoul covers about 157 cells of 111 m × 88 m; the rows read hold
        // only the cells the circle touches in each row, plus at most the one cut by each edge.
        // (A margin of 1.5 cells each side made it 242 cells.)
        let ranges = SpatialGrid.ranges(around: .at(37.5326, 126.99), radius: 700)
        XCTAssertEqual(ranges.count, 13)
        let cells = ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound + 1) }
        XCTAssertLessThanOrEqual(cells, 157 + 2 * 13)
    }

    func testCellsAreRowMajorAndClampedAtTheEdges() {
        XCTAssertEqual(SpatialGrid.cell(.at(-90, -180)), 0)
        XCTAssertEqual(SpatialGrid.cell(.at(90, 180)), 179_999 * 360_000 + 359_999)
        XCTAssertEqual(SpatialGrid.cell(.at(0, 0)), 90_000 * 360_000 + 180_000)
        XCTAssertEqual(SpatialGrid.cell(.at(0.0015, 0.0025)) - SpatialGrid.cell(.at(0, 0)), 360_000 + 2)
    }

    func testRangesCoverCirclesCentredOnThePolesAndTheAntimeridian() {
        var random = SplitMix64(seed: 77)
        let centers = [Coordinate.at(90, 0), .at(90, 180), .at(-90, -33), .at(0, 180), .at(0, -180), .at(-89.9995, 180), .at(89.9991, -179.9999)]
        for center in centers {
            for radius in [1.0, 10, 111, 700, 5_000, 50_000] {
                let ranges = SpatialGrid.ranges(around: center, radius: radius)
                for _ in 0..<500 {
                    let point = center.moved(radius * random.nextUnit().squareRoot(), bearing: 360 * random.nextUnit())
                    guard center.distance(to: point) <= radius else { continue }
                    let cell = SpatialGrid.cell(point)
                    XCTAssertTrue(ranges.contains { $0.contains(cell) }, "\(point) around \(center), radius \(radius)")
                }
            }
        }
    }
}
