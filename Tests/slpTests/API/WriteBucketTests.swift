import XCTest

@testable import slp

/// A user's write bucket as one "full at" instant: its capacity at once, then one write per
/// interval; a refusal says how long until the next token; values no bucket can hold read as
/// a full bucket.
final class WriteBucketTests: XCTestCase {
    private let chat = WriteKind.chat.bucket
    private let now: Int64 = 5_000_000_000_000

    /// Takes one write at `time` from `fullAt`, keeping what a grant stores.
    private func take(_ fullAt: inout Int64, at time: Int64, from bucket: WriteBucket) -> WriteBucket.Outcome {
        let outcome = bucket.take(fullAt: fullAt, now: time)
        if case .granted(let next) = outcome { fullAt = next }
        return outcome
    }

    func testTheLimitsAreTwentyChatsThenFiveASecondAndTenWritesThenTwoASecond() {
        XCTAssertEqual(WriteKind.chat.bucket, WriteBucket(capacity: 20, interval: 200_000_000))
        XCTAssertEqual(WriteKind.other.bucket, WriteBucket(capacity: 10, interval: 500_000_000))
    }

    func testAFullBucketGrantsItsCapacityAtOnceThenWaitsOneInterval() {
        var fullAt: Int64 = 0
        for write in 1...20 {
            XCTAssertEqual(take(&fullAt, at: now, from: chat), .granted(fullAt: now + Int64(write) * chat.interval), "write \(write)")
        }
        XCTAssertEqual(take(&fullAt, at: now, from: chat), .refused(wait: chat.interval))
        XCTAssertEqual(take(&fullAt, at: now + chat.interval / 2, from: chat), .refused(wait: chat.interval / 2))
        XCTAssertEqual(take(&fullAt, at: now + chat.interval, from: chat), .granted(fullAt: now + 21 * chat.interval))
        XCTAssertEqual(take(&fullAt, at: now + chat.interval, from: chat), .refused(wait: chat.interval))
    }

    func testWritingTwiceAsFastAsTheRateGetsTheCapacityThenTheRate() {
        var fullAt: Int64 = 0, granted = 0
        let seconds: Int64 = 100
        for step in 0..<(2 * seconds * 1_000_000_000 / chat.interval) {
            if case .granted = take(&fullAt, at: now + step * chat.interval / 2, from: chat) { granted += 1 }
        }
        XCTAssertEqual(granted, 20 + 5 * Int(seconds) - 1, "the capacity, then one per interval")
    }

    func testABucketLeftAloneIsFullAfterItsCapacityOfIntervals() {
        var fullAt: Int64 = 0
        for _ in 1...20 { _ = take(&fullAt, at: now, from: chat) }
        XCTAssertFalse(chat.isFull(fullAt, now: now + 20 * chat.interval - 1))
        XCTAssertTrue(chat.isFull(fullAt, now: now + 20 * chat.interval))
        XCTAssertTrue(chat.isFull(0, now: now), "never used")
    }

    func testAValueNoBucketCanHoldIsAFullBucket() {
        for stored in [now + 20 * chat.interval + 1, Int64.max, Int64.min, -1] {
            XCTAssertTrue(chat.isFull(stored, now: now), "\(stored)")
            XCTAssertEqual(chat.take(fullAt: stored, now: now), .granted(fullAt: now + chat.interval), "\(stored)")
        }
        XCTAssertEqual(chat.take(fullAt: now + 20 * chat.interval, now: now), .refused(wait: chat.interval), "an empty bucket is one")
    }
}
