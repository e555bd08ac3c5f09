import SLPDomain
import XCTest

final class MessageIDTests: XCTestCase {
    func testTheTextIs24LowercaseHexDigitsConversationThenSequence() {
        XCTAssertEqual(MessageID(conversation: 1, sequence: 1).description, "000000000001000000000001")
        XCTAssertEqual(MessageID(conversation: 0xabc, sequence: 0x1f).description, "000000000abc00000000001f")
        XCTAssertEqual(MessageID(conversation: 0xffff_ffff_ffff, sequence: 0xffff_ffff_ffff).description, String(repeating: "f", count: 24))
        XCTAssertEqual(MessageID(conversation: 0, sequence: 0).description, String(repeating: "0", count: 24))
    }

    func testTheTextReadsBackToTheSameID() {
        let ids = [
            MessageID(conversation: 1, sequence: 1), MessageID(conversation: 42, sequence: 1_000_000), MessageID(conversation: 0xabc, sequence: 0x1f),
            MessageID(conversation: 0xffff_ffff_ffff, sequence: 0xffff_ffff_ffff), MessageID(conversation: 0, sequence: 0),
        ]
        for id in ids {
            XCTAssertEqual(MessageID(id.description), id, id.description)
        }
    }

    func testAnythingElseIsNotAnID() {
        let texts = [
            "", "1", "00000000000100000000001", "0000000000010000000000011", "00000000000100000000000g", "000000000ABC00000000001F",
            " 000000000001000000000001", "000000000001000000000001 ", "-00000000001000000000001", "+00000000001000000000001",
            "0x0000000001000000000001", "00000000000１000000000001",
        ]
        for text in texts {
            XCTAssertNil(MessageID(text), text)
        }
    }

    func testIDsSortAsTheirTextAndAsTheMessagesDo() {
        let ids = [
            MessageID(conversation: 2, sequence: 1), MessageID(conversation: 1, sequence: 16), MessageID(conversation: 1, sequence: 2),
            MessageID(conversation: 10, sequence: 1), MessageID(conversation: 1, sequence: 1),
        ]
        let sorted = ids.sorted()
        XCTAssertEqual(sorted, [
            MessageID(conversation: 1, sequence: 1), MessageID(conversation: 1, sequence: 2), MessageID(conversation: 1, sequence: 16),
            MessageID(conversation: 2, sequence: 1), MessageID(conversation: 10, sequence: 1),
        ])
        XCTAssertEqual(sorted.map(\.description), ids.map(\.description).sorted())
    }
}
