@testable import SLPData
import SLPDomain
import SLPSupport
import XCTest

/// The displacement in one integer: every displacement comes back as it went in, and an
/// integer that holds none (the migration's -1, or one out of the layout) gives none.
final class QueueShiftTests: XCTestCase {
    func testEveryDisplacementComesBackAsItWentIn() throws {
        let corners = [(0, 5_000), (0, 15_000), (35_999, 5_000), (35_999, 15_000), (9_000, 10_000)]
        for (centidegrees, centimetres) in corners {
            let displacement = try Displacement(centidegrees: centidegrees, centimetres: centimetres)
            XCTAssertEqual(QueueShift.displacement(QueueShift.packed(displacement)), displacement)
        }
        var random = SplitMix64(seed: 38)
        for _ in 0..<10_000 {
            let displacement = Displacement.random(using: &random)
            XCTAssertEqual(QueueShift.displacement(QueueShift.packed(displacement)), displacement)
        }
        // Four bytes in SQLite's records: the largest fits a 32-bit integer.
        XCTAssertLessThan(QueueShift.packed(try Displacement(centidegrees: 35_999, centimetres: 15_000)), 1 << 31)
    }

    func testAnIntegerThatHoldsNoDisplacementGivesNone() {
        XCTAssertNil(QueueShift.displacement(QueueShift.missing))
        XCTAssertNil(QueueShift.displacement(-5))
        XCTAssertNil(QueueShift.displacement(36_000 * 10_001), "a bearing of 360°")
    }
}
