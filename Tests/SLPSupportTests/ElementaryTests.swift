#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest

@testable import SLPSupport

/// The support library's sin, cos, asin and log stay within one ulp of the platform's libm over the
/// ranges the domain uses them on, and give the exact values at the special points.
final class ElementaryTests: XCTestCase {
    /// Distance in units in the last place between two finite doubles of the same sign.
    private func ulps(_ a: Double, _ b: Double) -> UInt64 {
        if a == b { return 0 }
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min - bits : bits
        }
        return ordered(a) > ordered(b) ? UInt64(ordered(a) - ordered(b)) : UInt64(ordered(b) - ordered(a))
    }

    private func assertWithinOneULP(
        _ name: String, _ ours: (Double) -> Double, _ libm: (Double) -> Double,
        over range: ClosedRange<Double>, samples: Int = 200_000, file: StaticString = #filePath, line: UInt = #line
    ) {
        var random = SplitMix64(seed: 2026)
        var worst: (UInt64, Double) = (0, 0)
        var exact = 0
        for _ in 0..<samples {
            let x = range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnit()
            let error = ulps(ours(x), libm(x))
            if error == 0 { exact += 1 }
            if error > worst.0 { worst = (error, x) }
        }
        XCTAssertLessThanOrEqual(worst.0, 1, "\(name)(\(worst.1)) is \(worst.0) ulps from libm", file: file, line: line)
        // libm rounds nearly always correctly, these within an ulp: they agree to the last bit
        // on over nine in ten (91–97% measured); a wrong constant would show as many differences.
        XCTAssertGreaterThan(Double(exact) / Double(samples), 0.9, "\(name): only \(exact) of \(samples) equal libm", file: file, line: line)
    }

    func testSineAndCosineOverSeveralTurns() {
        assertWithinOneULP("sin", Elementary.sin, { sin($0) }, over: -20...20)
        assertWithinOneULP("cos", Elementary.cos, { cos($0) }, over: -20...20)
        // Half-angles and latitudes in radians, as the haversine takes them.
        assertWithinOneULP("sin", Elementary.sin, { sin($0) }, over: -0.01...0.01)
        assertWithinOneULP("cos", Elementary.cos, { cos($0) }, over: -Double.pi / 2...Double.pi / 2)
    }

    func testArcSineOnBothHalvesOfItsDomain() {
        assertWithinOneULP("asin", Elementary.asin, { asin($0) }, over: -1...1)
        assertWithinOneULP("asin", Elementary.asin, { asin($0) }, over: 0...0.001)
        assertWithinOneULP("asin", Elementary.asin, { asin($0) }, over: 0.97...1)
    }

    func testLogarithmFromTinyToLarge() {
        assertWithinOneULP("log", Elementary.log, { log($0) }, over: 1e-12...1)
        assertWithinOneULP("log", Elementary.log, { log($0) }, over: 0.999...1.001)
        assertWithinOneULP("log", Elementary.log, { log($0) }, over: 1...1e300)
        XCTAssertLessThanOrEqual(ulps(Elementary.log(Double.leastNonzeroMagnitude), log(Double.leastNonzeroMagnitude)), 1)
        XCTAssertLessThanOrEqual(ulps(Elementary.log(0x1p-1030), log(0x1p-1030)), 1)
    }

    func testSpecialValues() {
        XCTAssertEqual(Elementary.sin(0), 0)
        XCTAssertEqual(Elementary.cos(0), 1)
        XCTAssertEqual(Elementary.asin(1), Double.pi / 2)
        XCTAssertEqual(Elementary.asin(-1), -Double.pi / 2)
        XCTAssertEqual(Elementary.asin(0), 0)
        XCTAssertTrue(Elementary.asin(1.5).isNaN)
        XCTAssertEqual(Elementary.log(1), 0)
        XCTAssertEqual(Elementary.log(2), 0.6931471805599453)
        XCTAssertEqual(Elementary.log(0), -.infinity)
        XCTAssertEqual(Elementary.log(-0.0), -.infinity)
        XCTAssertTrue(Elementary.log(-1).isNaN)
        XCTAssertTrue(Elementary.log(.nan).isNaN)
        XCTAssertEqual(Elementary.log(.infinity), .infinity)
        XCTAssertTrue(Elementary.sin(.infinity).isNaN)
        XCTAssertTrue(Elementary.cos(.nan).isNaN)
    }
}
