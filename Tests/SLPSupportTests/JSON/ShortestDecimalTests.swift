import SLPTestSupport
import XCTest

@testable import SLPSupport

/// `ShortestDecimal` writes exactly what `Double.description` writes, wherever it answers.
final class ShortestDecimalTests: XCTestCase {
    private func text(_ value: Double) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.capacity) { storage in
            ShortestDecimal.write(value, to: storage.baseAddress!).map {
                String(decoding: UnsafeBufferPointer(rebasing: storage[..<$0]), as: UTF8.self)
            }
        }
    }

    private func assertSameAsDescription(_ values: some Sequence<Double>, file: StaticString = #filePath, line: UInt = #line) {
        var failures = 0
        for value in values {
            guard let written = text(value) else {
                XCTFail("no text for \(value)", file: file, line: line)
                return
            }
            if written != value.description {
                XCTFail("\(written) written for \(value.description) (bits \(String(value.bitPattern, radix: 16)))", file: file, line: line)
                failures += 1
                if failures == 5 { return }
            }
        }
    }

    func testCoordinatesTypedByPeople() throws {
        // Decimals with a few places: the shortest text is the one typed (seeded: SLP_TEST_SEED replays).
        var random = try randomSeed().generator()
        let typed = (0..<100_000).map { index -> Double in
            let places = 1 + index % 8
            let scale = (0..<places).reduce(1.0) { value, _ in value * 10 }
            let units = Int64.random(in: -180 * Int64(scale)...180 * Int64(scale), using: &random)
            return Double("\(Double(units) / scale)")!
        }.filter { $0.magnitude >= 0.001 }
        assertSameAsDescription(typed)
        XCTAssertEqual(text(37.5665), "37.5665")
        XCTAssertEqual(text(-33.87), "-33.87")
        XCTAssertEqual(text(126.978), "126.978")
        XCTAssertEqual(text(100), "100.0")
        XCTAssertEqual(text(-180), "-180.0")
        XCTAssertEqual(text(0.001), "0.001")
        XCTAssertEqual(text(0.5), "0.5")
    }

    func testRandomDoublesNeedingAllDigits() throws {
        var random = try randomSeed().generator()
        assertSameAsDescription((0..<200_000).map { _ in Double.random(in: -180...180, using: &random) }.filter { $0.magnitude >= 0.001 })
        assertSameAsDescription((0..<100_000).map { _ in Double.random(in: 0.001..<1, using: &random) })
        // Every binary exponent in range, with random significands.
        assertSameAsDescription((0..<200_000).compactMap { _ -> Double? in
            let value = Double(
                sign: Bool.random(using: &random) ? .minus : .plus, exponent: Int.random(in: -10...49, using: &random),
                significand: Double.random(in: 1..<2, using: &random))
            return value.magnitude >= 0.001 && value.magnitude < 1e15 ? value : nil
        })
    }

    func testEdgesOfTheRangeAndOfBinades() {
        var values: [Double] = [0.001, 0.001.nextUp, 1e15.nextDown, 1, 2, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 9.999999999999999, 99.99999999999999]
        // Powers of two have a narrower interval below them.
        for exponent in -9...49 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextDown, power.nextUp, -power]
        }
        // Powers of ten and their neighbours, and whole numbers.
        var power = 0.001
        while power < 1e15 {
            values += [power, power.nextDown, power.nextUp]
            power *= 10
        }
        values += (1...2_000).map { Double($0 * 7_919) }
        values += (0..<2_000).map { Double(1 << 40) + Double($0) * 0.25 }
        assertSameAsDescription(values.filter { $0.magnitude >= 0.001 && $0.magnitude < 1e15 })
    }

    /// Every value's eight digits, leading zeros included, in reading order: every value below
    /// 10⁴ in either half, and random ones.
    func testEightDigitsAtOnce() throws {
        func digits(_ value: UInt32) -> String {
            withUnsafeBytes(of: ShortestDecimal.eightDigits(value).littleEndian) { String(decoding: $0, as: UTF8.self) }
        }
        func padded(_ value: UInt32) -> String {
            let text = String(value)
            return String(repeating: "0", count: 8 - text.count) + text
        }
        var random = try randomSeed().generator()
        var values: [UInt32] = [99_999_999, 10_000_000, 1]
        for half: UInt32 in 0..<10_000 {
            values += [half, half * 10_000, half * 10_000 + 9_999 - half]
        }
        for _ in 0..<100_000 { values.append(UInt32.random(in: 0..<100_000_000, using: &random)) }
        for value in values where digits(value) != padded(value) {
            XCTFail("\(digits(value)) for \(value)")
            return
        }
    }

    func testOutsideTheRangeFallsBack() {
        for value in [0, -0.0, 0.000999, 1e15, 1e300, .leastNonzeroMagnitude, .infinity, -.infinity, .nan] {
            XCTAssertNil(text(value), "\(value)")
        }
    }

    /// The JSON writer uses it, and `description` beyond it.
    func testJSONWriterNumbers() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [37.5665, 1e-5, 1e20, 0, -126.97800000000001] { writer.double(value) }
        writer.endArray()
        XCTAssertEqual(writer.text, "[37.5665,1e-05,1e+20,0.0,-126.97800000000001]")
    }
}
