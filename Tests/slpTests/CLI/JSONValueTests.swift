import Foundation
import XCTest

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
}
