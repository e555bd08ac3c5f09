import Foundation
import XCTest

@testable import SLPSupport

/// The writer's word-at-a-time copies and its fixed-layout calls write exactly what the plain
/// calls write.
final class JSONWriterTests: XCTestCase {
    /// Every length a copy handles in words (and past them), at every alignment: the bytes
    /// arrive, in order, and nothing before or after the target changes.
    func testCopiesEveryLengthExactlyWithoutTouchingItsNeighbours() {
        let source = (0..<64).map { UInt8(0x41 + $0 % 26) }
        for offset in 0..<8 {
            for count in 0...48 {
                var target = [UInt8](repeating: 0xEE, count: 80)
                source.withUnsafeBufferPointer { from in
                    target.withUnsafeMutableBufferPointer { to in
                        JSONWriter.copy(from.baseAddress! + offset, to: to.baseAddress! + 8, count: count)
                    }
                }
                XCTAssertEqual(Array(target[8..<(8 + count)]), Array(source[offset..<(offset + count)]), "\(count) bytes from \(offset)")
                XCTAssertTrue(target[..<8].allSatisfy { $0 == 0xEE }, "before \(count) bytes from \(offset)")
                XCTAssertTrue(target[(8 + count)...].allSatisfy { $0 == 0xEE }, "after \(count) bytes from \(offset)")
            }
        }
    }

    /// An object written as fragments and bare values, inside an array, is the same text as
    /// the one written key by key: commas between the objects, none inside that the fragments
    /// do not bring, escapes and numbers alike.
    func testFragmentsAndBareValuesWriteWhatKeysAndValuesWrite() throws {
        let names = ["지우", "it's \"quoted\"\n", "", "a\u{2028}b"]
        let numbers = [0, 7, 10, 99, 123, -4, Int.max, Int.min]
        let doubles = [37.517819, -33.87, 126.88647312345678, 0.0001, 1e300, 5]
        var plain = JSONWriter()
        plain.beginArray()
        for index in 0..<4 {
            plain.beginObject()
            plain.key("name" as StaticString)
            plain.string(names[index])
            plain.key("numbers" as StaticString)
            plain.beginArray()
            for number in numbers { plain.int(number) }
            plain.endArray()
            plain.key("doubles" as StaticString)
            plain.beginArray()
            for value in doubles { plain.double(value) }
            plain.endArray()
            plain.endObject()
        }
        plain.endArray()

        var laidOut = JSONWriter(capacity: 16)
        laidOut.beginArray()
        for index in 0..<4 {
            laidOut.beginObject()
            laidOut.fragment("\"name\":")
            laidOut.bareString(names[index])
            laidOut.fragment(",\"numbers\":[")
            for (position, number) in numbers.enumerated() {
                if position > 0 { laidOut.fragment(",") }
                laidOut.bareInt(number)
            }
            laidOut.fragment("],\"doubles\":[")
            for (position, value) in doubles.enumerated() {
                if position > 0 { laidOut.fragment(",") }
                laidOut.bareDouble(value)
            }
            laidOut.fragment("]")
            laidOut.endObject()
        }
        laidOut.endArray()

        XCTAssertEqual(laidOut.text, plain.text)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(laidOut.text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["name"] as? String }, names)
        // Foundation's parser rounds some doubles differently; the text is what `description` writes.
        XCTAssertTrue(laidOut.text.hasPrefix(#"[{"name":"지우","numbers":[0,7,10,99,123,-4,9223372036854775807,-9223372036854775808],"doubles":[37.517819,-33.87,126.88647312345678,0.0001,1e+300,5.0]}"#))
    }
}
