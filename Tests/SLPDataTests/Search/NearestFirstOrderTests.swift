@testable import SLPData
import SLPDomain
import XCTest

/// `sortNearestFirst` puts cards in place by swapping along cycles; any slip there would
/// duplicate or drop a card, so it is checked against a plain sort on many shuffles.
final class NearestFirstOrderTests: XCTestCase {
    private func card(_ uid: String, distance: Double) throws -> NearbyUser {
        NearbyUser(
            uid: try UserID(uid), nick: try Nick(uid), coordinate: try Coordinate(latitude: 37.5, longitude: 127),
            reputation: .none, studies: try StudyList(parsing: []), reviews: [], gender: .female, sesac: 0, background: 0,
            distance: distance)
    }

    func testMatchesAPlainSortByDistanceThenUIDOnShuffledInput() throws {
        var random = SplitMix64(seed: 99)
        for count in [0, 1, 2, 3, 7, 64, 501] {
            // Few distinct distances, so ties (broken by uid) are common.
            let cards = try (0..<count).map { try card("U\(10_000 + $0)", distance: Double(random.next() % 9)) }
            let expected = cards.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
            for _ in 0..<5 {
                var shuffled = cards
                for index in shuffled.indices.reversed() where index > 0 {
                    shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
                }
                SQLiteSearchRepository.sortNearestFirst(&shuffled)
                XCTAssertEqual(shuffled, expected, "\(count) cards")
            }
        }
    }
}
