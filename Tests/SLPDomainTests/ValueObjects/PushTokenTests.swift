import SLPDomain
import XCTest

final class PushTokenTests: XCTestCase {
    /// The shape of a real FCM registration token: instance id, a colon, then letters, digits, `_` and `-`.
    private let fcm = "dT3kq0xJRkKbL5vQ8YcHnM:APA91bH" + String(repeating: "x_Z-9", count: 28)

    func testAnFCMTokenIsKeptAsSent() throws {
        let token = try PushToken(fcm)
        XCTAssertEqual(token.value, fcm)
        XCTAssertEqual(token.description, fcm)
        XCTAssertEqual(try PushToken("f1").value, "f1")
    }

    func testEmptyIsNone() throws {
        XCTAssertEqual(try PushToken(""), PushToken.none)
        XCTAssertEqual(PushToken.none.value, "")
    }

    func testEveryPrintableASCIICharacterIsAccepted() throws {
        let printable = String(decoding: (0x21...0x7E).map { UInt8($0) }, as: UTF8.self)
        XCTAssertEqual(try PushToken(printable).value, printable)
    }

    func testAtMost4096Characters() throws {
        XCTAssertEqual(PushToken.maxLength, 4_096)
        XCTAssertEqual(try PushToken(String(repeating: "a", count: 4_096)).value.count, 4_096)
        let error = XCTAssertThrowsInvalid(try PushToken(String(repeating: "a", count: 4_097)), code: "invalid_fcm_token")
        XCTAssertInvalidMessage(error, "an FCM token has at most 4096 characters")
    }

    func testSpacesControlsAndNonASCIIAreRefused() {
        for raw in ["a b", " f1", "f1\n", "tab\there", "nul\u{0}", "del\u{7F}", "새싹", "é", "emoji👩‍💻"] {
            let error = XCTAssertThrowsInvalid(try PushToken(raw), code: "invalid_fcm_token")
            XCTAssertInvalidMessage(error, "an FCM token is printable ASCII without spaces")
        }
    }

    func testTheLengthIsCountedInBytesSoWideCharactersCannotSlipPastIt() {
        // 2,049 two-byte characters: over the bound in bytes, refused for their length first.
        let error = XCTAssertThrowsInvalid(try PushToken(String(repeating: "é", count: 2_049)), code: "invalid_fcm_token")
        XCTAssertInvalidMessage(error, "an FCM token has at most 4096 characters")
    }
}
