import SLPRealtime
import XCTest

final class WebSocketFrameWriterTests: XCTestCase {
    func testEachLengthTakesItsShortestForm() {
        XCTAssertEqual(Array(WebSocketFrameWriter.frame(.text, Array(repeating: 0, count: 125)).prefix(2)), [0x81, 125])
        XCTAssertEqual(Array(WebSocketFrameWriter.frame(.binary, Array(repeating: 0, count: 126)).prefix(4)), [0x82, 126, 0, 126])
        XCTAssertEqual(Array(WebSocketFrameWriter.frame(.text, Array(repeating: 0, count: 65_535)).prefix(4)), [0x81, 126, 0xFF, 0xFF])
        XCTAssertEqual(Array(WebSocketFrameWriter.frame(.text, Array(repeating: 0, count: 65_536)).prefix(10)), [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])
    }

    func testACloseFrameCarriesItsCodeAndAReasonCutAtACharacter() {
        // 1 + 50 × 3 bytes: the 123 a control frame leaves would end inside a character.
        let frame = WebSocketFrameWriter.close(.policyViolation, reason: "a" + String(repeating: "가", count: 50))
        XCTAssertEqual(Array(frame.prefix(4)), [0x88, 2 + 121, 0x03, 0xF0])
        XCTAssertNotNil(String(validating: frame[4...], as: UTF8.self))
    }
}
