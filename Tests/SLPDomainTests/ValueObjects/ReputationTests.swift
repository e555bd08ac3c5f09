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
        // Any count of at least zero is kept as it is.
        XCTAssertEqual(try Reputation(counts: [0, 0, 0, 0, 0, Int(Int32.max) + 1]).counts.last, Int(Int32.max) + 1)
    }

    func testAddCountsEachTitleOnce() {
        var reputation = Reputation.none
        reputation.add([.punctual, .kind])
        reputation.add([.kind])
        XCTAssertEqual(reputation.counts, [0, 1, 0, 2, 0, 0])
    }

    func testTitlesInSPECOrder() {
        XCTAssertEqual(ReputationTitle.allCases.map(\.title), ["좋은 매너", "정확한 시간 약속", "빠른 응답", "친절한 성격", "능숙한 실력", "유익한 시간"])
        XCTAssertEqual(ReputationTitle.allCases.map(\.flag), ["good-manners", "punctual", "quick-reply", "kind", "skilled", "helpful"])
        XCTAssertEqual(ReputationTitle.allCases.map(\.rawValue), [0, 1, 2, 3, 4, 5])
    }
}
