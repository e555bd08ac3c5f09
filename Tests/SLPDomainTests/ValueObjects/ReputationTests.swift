import SLPDomain
import XCTest

final class ReputationTests: XCTestCase {
    func testNoneIsSixZeros() {
        XCTAssertEqual(Reputation.none.counts, [0, 0, 0, 0, 0, 0])
    }

    func testRestoresSixNonNegativeCounts() throws {
        let reputation = try Reputation(counts: [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(reputation[.goodManners], 1)
        XCTAssertEqual(reputation[.helpful], 6)
    }

    func testRefusesWrongCountOrNegative() {
        XCTAssertThrowsInvalid(try Reputation(counts: [0, 0, 0, 0, 0]), code: "invalid_reputation")
        XCTAssertThrowsInvalid(try Reputation(counts: [0, 0, 0, 0, 0, 0, 0]), code: "invalid_reputation")
        XCTAssertThrowsInvalid(try Reputation(counts: [0, 0, -1, 0, 0, 0]), code: "invalid_reputation")
        // Counts are kept in 32 bits: a larger one (a hand-edited file) is refused, not cut.
        XCTAssertThrowsInvalid(try Reputation(counts: [0, 0, 0, 0, 0, Reputation.maxCount + 1]), code: "invalid_reputation")
        XCTAssertEqual(try Reputation(counts: [0, 0, 0, 0, 0, Reputation.maxCount]).counts.last, Reputation.maxCount)
    }

    func testAddCountsEachTitleOnce() {
        var reputation = Reputation.none
        reputation.add([.punctual, .kind])
        reputation.add([.kind])
        XCTAssertEqual(reputation.counts, [0, 1, 0, 2, 0, 0])
    }

    func testTitlesInSPECOrder() {
        XCTAssertEqual(ReputationTitle.allCases.map(\.title), ["좋은 매너", "정확한 시간 약속", "빠른 응답", "친절한 성격", "능숙한 실력", "유익한 시간"])
        XCTAssertEqual(ReputationTitle.allCases.map(\.key), ["good-manners", "punctual", "quick-reply", "kind", "skilled", "helpful"])
        XCTAssertEqual(ReputationTitle.allCases.map(\.rawValue), [0, 1, 2, 3, 4, 5])
    }
}
