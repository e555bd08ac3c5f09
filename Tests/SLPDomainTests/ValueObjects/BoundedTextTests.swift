import SLPDomain
import XCTest

final class BoundedTextTests: XCTestCase {
    func testChatLimits() throws {
        let longest = String(repeating: "가", count: 1_000)
        XCTAssertEqual(try BoundedText(longest, allowed: BoundedText.chat, field: "message").value, longest)
        let error = XCTAssertThrowsInvalid(
            try BoundedText(longest + "a", allowed: BoundedText.chat, field: "message"), code: "invalid_message")
        XCTAssertInvalidMessage(error, "a message has 1 to 1000 characters (got 1001)")
        XCTAssertThrowsInvalid(try BoundedText("", allowed: BoundedText.chat, field: "message"), code: "invalid_message")
    }

    func testCommentMayBeEmpty() throws {
        XCTAssertEqual(try BoundedText("", allowed: BoundedText.comment, field: "comment").value, "")
        XCTAssertNoThrow(try BoundedText(String(repeating: "x", count: 500), allowed: BoundedText.comment, field: "comment"))
        XCTAssertThrowsInvalid(
            try BoundedText(String(repeating: "x", count: 501), allowed: BoundedText.comment, field: "comment"),
            code: "invalid_comment")
    }

    func testNULAndControlsRefusedNewlinesAndTabsKept() throws {
        let nul = XCTAssertThrowsInvalid(try BoundedText("a\u{0}b", allowed: BoundedText.chat, field: "message"), code: "invalid_message")
        XCTAssertInvalidMessage(nul, "a message cannot contain NUL or control characters")
        XCTAssertThrowsInvalid(try BoundedText("a\u{1B}b", allowed: BoundedText.chat, field: "message"), code: "invalid_message")
        XCTAssertEqual(try BoundedText("line 1\nline 2\tend", allowed: BoundedText.chat, field: "message").value, "line 1\nline 2\tend")
    }

    func testNFCBeforeCounting() throws {
        let text = try BoundedText("안녕".decomposedStringWithCanonicalMapping, allowed: 1...2, field: "message")
        XCTAssertEqual(Array(text.value.unicodeScalars), Array("안녕".unicodeScalars))
        XCTAssertEqual(text.description, "안녕")
    }
}
