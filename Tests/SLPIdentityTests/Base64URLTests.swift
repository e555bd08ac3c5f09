import SLPIdentity
import XCTest

final class Base64URLTests: XCTestCase {
    func testEncodesWithoutPaddingInTheURLAlphabet() {
        XCTAssertEqual(Base64URL.encode(Array("".utf8)), "")
        XCTAssertEqual(Base64URL.encode(Array("f".utf8)), "Zg")
        XCTAssertEqual(Base64URL.encode(Array("fo".utf8)), "Zm8")
        XCTAssertEqual(Base64URL.encode(Array("foo".utf8)), "Zm9v")
        XCTAssertEqual(Base64URL.encode([0xFB, 0xFF, 0xBF]), "-_-_")
    }

    func testDecodesWhatItEncodes() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            XCTAssertEqual(Base64URL.decode(Array(Base64URL.encode(bytes).utf8)), bytes)
        }
    }

    func testRefusesEverySpellingButTheCanonicalOne() {
        XCTAssertNil(Base64URL.decode(Array("Zg==".utf8)), "padding")
        XCTAssertNil(Base64URL.decode(Array("Zh".utf8)), "unused bits set")
        XCTAssertNil(Base64URL.decode(Array("Z".utf8)), "a lone character")
        XCTAssertNil(Base64URL.decode(Array("Zm+v".utf8)), "the standard alphabet")
        XCTAssertNil(Base64URL.decode(Array("Zm9v\n".utf8)), "whitespace")
    }
}
