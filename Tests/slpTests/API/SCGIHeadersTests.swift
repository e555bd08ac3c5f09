import XCTest

@testable import slp

/// The netstring at the head of an SCGI request: read whole or not at all, as far as the
/// buffer holds it, and never past its own length.
final class SCGIHeadersTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testACompleteHeadEndsAtItsCommaAndTheBodyFollows() {
        let head = "CONTENT_LENGTH\u{0}3\u{0}REQUEST_METHOD\u{0}POST\u{0}"
        let buffer = bytes("\(head.utf8.count):\(head),a=1")
        XCTAssertEqual(
            SCGIHeaders.frame(buffer), .complete(["CONTENT_LENGTH": "3", "REQUEST_METHOD": "POST"], consumed: buffer.count - 3))
    }

    func testEveryShorterPrefixOfAHeadIsIncomplete() {
        let head = "CONTENT_LENGTH\u{0}0\u{0}SCGI\u{0}1\u{0}"
        let buffer = bytes("\(head.utf8.count):\(head),")
        for end in 0..<buffer.count {
            XCTAssertEqual(SCGIHeaders.frame(Array(buffer[..<end])), .incomplete, "\(end) bytes")
        }
    }

    func testEmptyValuesAreKeptAndARepeatedNameKeepsItsFirstValue() {
        XCTAssertEqual(
            SCGIHeaders.variables(ArraySlice(bytes("QUERY_STRING\u{0}\u{0}A\u{0}1\u{0}A\u{0}2\u{0}"))), ["QUERY_STRING": "", "A": "1"])
        XCTAssertEqual(SCGIHeaders.variables([]), [:])
    }

    func testWhatIsNotAnSCGIHeadIsInvalid() {
        let cases: [(String, String)] = [
            ("GET / HTTP/1.1\r\n", "HTTP instead of SCGI"),
            (":", "no length"),
            ("-1:", "a sign"),
            ("12345678", "a length of more than seven digits"),
            ("\(SCGIHeaders.maxLength + 1):", "a head over the limit"),
            ("3:A\u{0}B;", "no comma after the head"),
            ("4:A\u{0}B\u{0}C,", "a last field without its NUL"),
            ("2:A\u{0},", "a name without a value"),
            ("4:\u{0}B\u{0}\u{0}", "an empty name"),
        ]
        for (text, why) in cases {
            XCTAssertEqual(SCGIHeaders.frame(bytes(text) + Array(repeating: 0x2C, count: 8)), .invalid, why)
        }
    }
}
