import Foundation
import XCTest

import SLPSupport
@testable import slp

final class JSONValueTests: XCTestCase {
    func testKeepsKeyOrderAndEscapes() throws {
        let value = JSONValue.object([
            ("z", .int(1)), ("a", .string("따옴표\" \\ \n \u{1} 🌱")), ("n", .null), ("b", .array([.bool(true), .double(1.5)])),
        ])
        XCTAssertEqual(value.text, #"{"z":1,"a":"따옴표\" \\ \n \u0001 🌱","n":null,"b":[true,1.5]}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["a"] as? String, "따옴표\" \\ \n \u{1} 🌱")
    }

    /// The word-at-a-time test agrees with a byte-by-byte one on every position and length,
    /// for each byte that needs care and for its neighbours.
    func testEscapeCheckFindsEveryByteThatNeedsCare() {
        let plain = Array("abcdefghijklmnopqrstuvwxyz012345".utf8)
        let probes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xE1, 0xE2, 0xE3, 0xFF]
        for length in 0...plain.count {
            for position in 0..<max(length, 1) {
                for probe in probes {
                    var bytes = Array(plain.prefix(length))
                    if length > 0 { bytes[position] = probe }
                    let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }
                    bytes.withUnsafeBufferPointer {
                        XCTAssertEqual(JSONWriter.mayNeedEscape($0), expected, "byte \(probe) at \(position) of \(length)")
                    }
                }
            }
        }
        let escaped = JSONValue.array([.string("\u{2028}x\u{2029}"), .string("긴 이름의 스터디 \"따옴표\"")]).text
        XCTAssertEqual(escaped, #"["\u2028x\u2029","긴 이름의 스터디 \"따옴표\""]"#)
    }
}
