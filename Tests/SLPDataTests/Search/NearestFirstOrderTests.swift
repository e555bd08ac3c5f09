@testable import SLPData
import SLPDomain
import SLPSupport
import XCTest

/// `NearestFirstOrder` radix-sorts distance bits and puts cards in place by swapping along
/// cycles; any slip there would misorder, duplicate or drop a card, so it is checked against a
/// plain sort on many shuffles, with and without ties, below and above the radix threshold.
final class NearestFirstOrderTests: XCTestCase {
    private func card(_ uid: String, distance: Double) throws -> NearbyUser {
        NearbyUser(
            uid: try UserID(uid), nick: try Nick(uid), coordinate: try Coordinate(latitude: 37.5, longitude: 127),
            reputation: .none, studies: try StudyList(parsing: []), reviews: [], gender: .female, sesac: 0, background: 0,
            distance: distance)
    }

    func testMatchesAPlainSortByDistanceThenUIDOnShuffledInput() throws {
        var random = SplitMix64(seed: 99)
        for (count, tied) in [(0, true), (1, true), (2, true), (3, true), (7, true), (64, true), (255, false), (256, true), (501, true), (3_000, false), (3_000, true)] {
            // Few distinct distances when tied (ties are broken by uid), else any from 0 to 5 km,
            // some sharing their high bytes, some differing only in the lowest bits.
            let cards = try (0..<count).map { index in
                let distance = tied ? Double(random.next() % 9) : [5_000 * random.nextUnit(), 700 + random.nextUnit(), 0, 1e-9 * random.nextUnit()][index % 4]
                return try card("U\(10_000 + index)", distance: distance)
            }
            let expected = cards.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
            for _ in 0..<5 {
                var shuffled = cards
                for index in shuffled.indices.reversed() where index > 0 {
                    shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
                }
                NearestFirstOrder.sort(&shuffled)
                XCTAssertEqual(shuffled, expected, "\(count) cards")
            }
        }
    }
}
