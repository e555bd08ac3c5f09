import SLPSupport
import XCTest

/// The reader of a token's header and claims and of Socket.IO's arguments: what anyone may send
/// before a signature or an identity is checked. Well-formed documents read as JSON says;
/// anything else is nil, never a trap.
final class JSONReaderTests: XCTestCase {
    private func read(_ text: String) -> [String: JSONScalar]? {
        JSONReader.object(Array(text.utf8))
    }

    func testAFlatObjectOfEveryKind() {
        XCTAssertEqual(
            read(#" { "s" : "text", "n": -12.5e2, "i": 1795000000, "t": true, "f": false, "z": null, "a": [1, "x", {}], "o": {"p": [[]]} } "#),
            ["s": .string("text"), "n": .number(-1_250), "i": .number(1_795_000_000), "t": .bool(true), "f": .bool(false), "z": .null,
             "a": .structured, "o": .structured])
        XCTAssertEqual(read("{}"), [:])
    }

    func testEscapesAndUnicode() {
        XCTAssertEqual(read(#"{"e":"\"\\\/\b\f\n\r\t"}"#), ["e": .string("\"\\/\u{08}\u{0C}\n\r\t")])
        XCTAssertEqual(read(#"{"u":"\u0041\u00e9\uD83D\uDE00\u0000"}"#), ["u": .string("Aé😀\u{0}")])
        XCTAssertEqual(read(#"{"k":"새싹 👩‍💻"}"#), ["k": .string("새싹 👩‍💻")])
        XCTAssertEqual(read(#"{"\u0061":1}"#), ["a": .number(1)], "keys are strings like any other")
    }

    func testNumbersFollowTheGrammar() {
        for good in ["0", "-0", "10", "0.5", "1e3", "1E-3", "-2.25e+2", "123456789012345678901234567890"] {
            XCTAssertNotNil(read("{\"n\":\(good)}"), good)
        }
        for bad in ["01", "+1", ".5", "1.", "1e", "1e+", "-", "--1", "0x10", "1_000", "NaN", "Infinity", "1.2.3"] {
            XCTAssertNil(read("{\"n\":\(bad)}"), bad)
        }
        XCTAssertEqual(read(#"{"n":1e400}"#), ["n": .number(.infinity)], "too large: infinite (the verifier refuses it)")
    }

    func testMalformedTextIsNil() {
        let cases = [
            "", " ", "[]", "\"s\"", "1", "null", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{,\"a\":1}", "{\"a\":1 \"b\":2}",
            "{a:1}", "{'a':1}", "{\"a\":1}}", "{\"a\":1} x", "{\"a\":1}{}", "{\"a\":tru}", "{\"a\":nul}", "{\"a\":True}",
            "{\"a\":[1,]}", "{\"a\":[1 2]}", "{\"a\":\"open}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\uZZZZ\"}",
            "{\"a\":\"tab\there\"}", "{\"a\":\"new\nline\"}", "\u{FEFF}{}",
        ]
        for text in cases {
            XCTAssertNil(read(text), text.debugDescription)
        }
    }

    func testLoneSurrogatesAndBadUTF8AreNil() {
        XCTAssertNil(read(#"{"a":"\uD83D"}"#))
        XCTAssertNil(read(#"{"a":"\uDE00"}"#))
        XCTAssertNil(read(#"{"a":"\uD83D\u0041"}"#))
        XCTAssertNil(JSONReader.object(Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)))
        XCTAssertNil(JSONReader.object(Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8)))
    }

    func testAKeyGivenTwiceIsNil() {
        XCTAssertNil(read(#"{"sub":"me","sub":"you"}"#))
        XCTAssertNil(read(#"{"a":1,"b":2,"a":1}"#))
        XCTAssertNotNil(read(#"{"o":{"a":1},"p":{"a":2}}"#), "the same key in two nested objects is fine")
    }

    func testNestingIsBounded() {
        let deep = { (levels: Int) in "{\"a\":" + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}" }
        XCTAssertNotNil(read(deep(JSONReader.maxDepth - 1)))
        XCTAssertNil(read(deep(JSONReader.maxDepth)))
        XCTAssertNil(read(deep(100_000)), "no recursion runs away")
    }

    func testRandomBytesNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]":,\ u0123456789abcdefEtrunlsx.-+"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            _ = JSONReader.object([UInt8(ascii: "{")] + bytes)
        }
    }

    func testAnArraysElementsWithNestedOnesOnlyChecked() {
        XCTAssertEqual(JSONReader.array(Array(#" ["changesocketid", "abc", 3, {"a": [1]}, [] ] "#.utf8)),
                       [.string("changesocketid"), .string("abc"), .number(3), .structured, .structured])
        XCTAssertEqual(JSONReader.array(Array("[]".utf8)), [])
    }

    func testWhatIsNotOneArrayIsNil() {
        XCTAssertNil(JSONReader.array(Array(#"{"a":1}"#.utf8)))
        XCTAssertNil(JSONReader.array(Array(#"["a",]"#.utf8)))
        XCTAssertNil(JSONReader.array(Array(#"["a"] ["b"]"#.utf8)))
        XCTAssertNil(JSONReader.array(Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8)))
    }
}
