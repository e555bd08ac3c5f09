import Foundation
import SLPIdentity
import XCTest

/// One key, many messages: the same MACs as RFC 4231 gives and as the one-shot HMAC gives,
/// message after message (each starts afresh under the key).
final class HMACSHA256KeyTests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testRFC4231TestCaseTwoTwiceOverWithOtherMessagesBetween() throws {
        let key = try HMACSHA256Key(Array("Jefe".utf8))
        let expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        XCTAssertEqual(hex(try key.mac(Array("what do ya want for nothing?".utf8))), expected)
        _ = try key.mac(Array(repeating: 7, count: 1_000))
        XCTAssertEqual(hex(try key.mac(Array("what do ya want for nothing?".utf8))), expected)
    }

    func testEveryMessageAsTheOneShotHMACGivesIt() throws {
        let secret = (0..<32).map { UInt8($0 * 7 % 256) }
        let key = try HMACSHA256Key(secret)
        for length in [0, 1, 8, 55, 56, 64, 65, 1_000] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
            XCTAssertEqual(try key.mac(message), try HMACSHA256.mac(key: secret, message), "\(length) bytes")
        }
    }
}
