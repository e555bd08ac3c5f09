import SLPPush
import SLPSupport
import XCTest

/// Backoff on its own, its randomness from a seeded generator.
final class BackoffTests: XCTestCase {
    private let backoff = Backoff()

    private func delays(attempt: Int, retryAfter: Duration? = nil, seed: UInt64 = 7, count: Int = 2_000) -> [Duration] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in backoff.delay(attempt: attempt, retryAfter: retryAfter, using: &random) }
    }

    func testEachAttemptWaitsAnyTimeUpToHalfASecondDoubledPerAttempt() {
        let ceilings = (0..<6).map { attempt in delays(attempt: attempt).max()! }
        // Full jitter: the largest of 2,000 draws is within 1% of the ceiling, never past it.
        for (attempt, largest) in ceilings.enumerated() {
            let ceiling = Duration.milliseconds(500) * (1 << attempt)
            XCTAssertTrue(largest <= ceiling && largest >= ceiling * 0.99, "attempt \(attempt): \(largest)")
        }
    }

    func testDelaysAreSpreadOverTheWholeRange() {
        let drawn = delays(attempt: 3)
        // Uniform over [0, 4 s]: a quarter below 1 s, give or take.
        let belowOneSecond = drawn.filter { $0 < .seconds(1) }.count
        XCTAssertTrue((400...600).contains(belowOneSecond), "\(belowOneSecond) of 2,000 below 1 s")
    }

    func testTheDelayIsCappedHoweverManyAttemptsFailed() {
        let drawn = [10, 40, 63, 1_000, Int.max].flatMap { delays(attempt: $0, count: 200) }
        XCTAssertLessThanOrEqual(drawn.max()!, .seconds(60))
    }

    func testRetryAfterIsTheShortestWait() {
        XCTAssertGreaterThanOrEqual(delays(attempt: 0, retryAfter: .seconds(2)).min()!, .seconds(2))
    }

    func testTheSameSeedGivesTheSameDelays() {
        XCTAssertEqual(delays(attempt: 4, seed: 99, count: 50), delays(attempt: 4, seed: 99, count: 50))
    }
}
