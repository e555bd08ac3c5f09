import SLPRealtime
import XCTest

final class WebSocketHandshakeTests: XCTestCase {
    /// RFC 6455 §1.3's own example.
    func testTheAcceptValueIsTheRFCsExample() {
        XCTAssertEqual(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testAKeyThatIsNotSixteenBytesIsRefused() {
        XCTAssertNil(WebSocketHandshake.accept(key: "c2hvcnQ="))
        XCTAssertNil(WebSocketHandshake.accept(key: "not base64!"))
    }
}
