import SLPTestSupport
import XCTest

/// Random tests' seeds: `SLP_TEST_SEED` replays one, exactly; otherwise each run draws its own.
final class TestSeedTests: XCTestCase {
    func testAGivenSeedReplaysTheSameDrawsAndStreamsDoNotOverlap() throws {
        let seed = try TestSeed(environment: [TestSeed.variable: "18446744073709551615"])
        XCTAssertEqual(seed.value, .max)
        XCTAssertTrue(seed.isReplay)
        XCTAssertEqual(seed.replay, "SLP_TEST_SEED=18446744073709551615")
        func draws(_ seed: TestSeed, _ stream: UInt64) -> [UInt64] {
            var generator = seed.generator(stream)
            return (0..<64).map { _ in generator.next() }
        }
        let again = try TestSeed(environment: [TestSeed.variable: "18446744073709551615"])
        XCTAssertEqual(draws(seed, 0), draws(again, 0), "the same seed, the same draws")
        XCTAssertEqual(draws(seed, 7), draws(again, 7))
        // No stream is another shifted: none of stream 1's first draws is among stream 0's.
        XCTAssertTrue(Set(draws(seed, 0)).isDisjoint(with: draws(seed, 1)))
        XCTAssertNotEqual(draws(seed, 0), draws(try TestSeed(environment: [TestSeed.variable: "0"]), 0))
    }

    func testWithoutOneEachRunDrawsItsOwnAndABadOneIsRefused() throws {
        let first = try TestSeed(environment: [:]), second = try TestSeed(environment: [TestSeed.variable: ""])
        XCTAssertFalse(first.isReplay)
        XCTAssertFalse(second.isReplay)
        XCTAssertNotEqual(first.value, second.value, "two new seeds (equal once in 2^64 runs)")
        for bad in ["-1", "18446744073709551616", "0x10", "seven", " 7"] {
            XCTAssertThrowsError(try TestSeed(environment: [TestSeed.variable: bad])) { error in
                XCTAssertEqual("\(error)", "SLP_TEST_SEED is a whole number from 0 to 18446744073709551615, not '\(bad)'")
            }
        }
    }
}
