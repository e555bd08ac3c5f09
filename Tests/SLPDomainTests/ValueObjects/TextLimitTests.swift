import SLPDomain
import XCTest

/// One character can hold any number of scalars: every text a person types is bounded in
/// bytes and in combining marks per character too (issue 49), with room for real writing.
final class TextLimitTests: XCTestCase {
    /// `e` and `count` combining tilde overlays (which compose with nothing): one character.
    private func zalgo(_ count: Int) -> String {
        "e" + String(repeating: "\u{334}", count: count)
    }

    func testRealWritingFitsANick() throws {
        let names = [
            "Nguyễn Ánh",  // Vietnamese, precomposed or not
            "Nguyễn".decomposedStringWithCanonicalMapping,
            "새싹러버".decomposedStringWithCanonicalMapping,  // Korean typed as jamo
            "ᄀᆞᇰ아ᄒᆡ",  // old Hangul: syllables of conjoining jamo
            "कार्त्स्न्य",  // a Sanskrit conjunct of nine scalars is one character
            "ཧྐྵྨླྺྼྻྂ",  // Tibetan's Kalachakra monogram: eight marks on one character
            "שָּׁ֑לוֹם",  // pointed Hebrew
            String(repeating: "👩🏽‍💻", count: 10),  // ten emoji of four scalars each
        ]
        for name in names {
            XCTAssertNil(Nick.limit.excess(of: name), name)
            XCTAssertNoThrow(try Nick(name), name)
        }
    }

    func testACharacterOfTenThousandMarksIsRefusedByItsBytes() {
        let error = XCTAssertThrowsInvalid(try Nick(zalgo(10_000)), code: "invalid_nick")
        XCTAssertInvalidMessage(error, "a nick has at most 320 bytes (got 20001)")
        XCTAssertEqual(zalgo(10_000).count, 1, "one character, as the character rule counts it")
    }

    func testNineMarksOnACharacterAreRefusedEightPass() throws {
        XCTAssertEqual(try Nick(zalgo(8)).value, zalgo(8))
        let error = XCTAssertThrowsInvalid(try Nick("ok" + zalgo(9)), code: "invalid_nick")
        XCTAssertInvalidMessage(error, "a nick has at most 8 combining marks on a character")
    }

    func testAFloodOfJamoInOneSyllableIsRefusedByItsBytes() {
        let flood = "ᄀ" + String(repeating: "ᅡ", count: 200)
        XCTAssertEqual(flood.count, 1)
        XCTAssertEqual(Nick.limit.excess(of: flood), .bytes(603))
    }

    func testEveryBoundedTextIsBoundedInBytesAndMarks() {
        let cases: [(String, () throws -> Void, String)] = [
            ("invalid_message", { _ = try BoundedText(self.zalgo(40_000), allowed: BoundedText.chat, field: "message") },
             "a message has at most 32000 bytes (got 80001)"),
            ("invalid_message", { _ = try BoundedText("hi " + self.zalgo(9), allowed: BoundedText.chat, field: "message") },
             "a message has at most 8 combining marks on a character"),
            ("invalid_comment", { _ = try BoundedText(self.zalgo(10_000), allowed: BoundedText.comment, field: "comment") },
             "a comment has at most 16000 bytes (got 20001)"),
            ("invalid_study", { _ = try Study(self.zalgo(200)) }, "a study has at most 256 bytes (got 401)"),
            ("invalid_study", { _ = try Study(self.zalgo(9)) }, "a study has at most 8 combining marks on a character"),
            ("invalid_study", { _ = try StudyList(parsing: ["swift", self.zalgo(9)]) }, "a study has at most 8 combining marks on a character"),
            ("invalid_study", { _ = try FavoriteStudy(self.zalgo(1_000)) }, "the study line has at most 1600 bytes (got 2001)"),
        ]
        for (code, make, message) in cases {
            let error = XCTAssertThrowsInvalid(try make(), code: code)
            XCTAssertInvalidMessage(error, message)
        }
    }

    func testLongRealMessagesStillFit() throws {
        let korean = String(repeating: "가", count: 1_000)
        XCTAssertEqual(try BoundedText(korean, allowed: BoundedText.chat, field: "message").value, korean)
        let emoji = String(repeating: "👨‍👩‍👧‍👦", count: 1_000)  // 25 bytes each
        XCTAssertEqual(try BoundedText(emoji, allowed: BoundedText.chat, field: "message").value, emoji)
    }
}
