import SLPDomain
import XCTest

final class NickTests: XCTestCase {
    func testTrimsSurroundingWhitespace() throws {
        XCTAssertEqual(try Nick("  새싹 \n").value, "새싹")
        XCTAssertEqual(try Nick("\tsesac ").description, "sesac")
    }

    func testInnerSpacesAreKept() throws {
        XCTAssertEqual(try Nick("new sesac").value, "new sesac")
    }

    func testNFDKoreanEqualsPrecomposed() throws {
        let precomposed = "새싹러버"
        let decomposed = precomposed.decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(Array(decomposed.unicodeScalars), Array(precomposed.unicodeScalars))
        let nick = try Nick(decomposed)
        XCTAssertEqual(Array(nick.value.unicodeScalars), Array(precomposed.unicodeScalars))
        XCTAssertEqual(nick, try Nick(precomposed))
    }

    func testTenCharactersAcceptedElevenRefused() throws {
        XCTAssertEqual(try Nick("abcdefghij").value.count, 10)
        let error = XCTAssertThrowsInvalid(try Nick("abcdefghijk"), code: "invalid_nick")
        XCTAssertInvalidMessage(error, "a nick has at most 10 characters (got 11)")
    }

    func testLengthCountsHangulSyllablesNotBytesOrScalars() throws {
        let ten = "가나다라마바사아자차"
        XCTAssertEqual(try Nick(ten).value, ten)
        // Decomposed, the same ten syllables are 20+ scalars but still ten characters.
        XCTAssertEqual(try Nick(ten.decomposedStringWithCanonicalMapping).value, ten)
        XCTAssertThrowsInvalid(try Nick(ten + "카"), code: "invalid_nick")
    }

    func testEmptyAndWhitespaceOnlyRefused() {
        for raw in ["", " ", "  \t\n ", "\u{3000}"] {
            let error = XCTAssertThrowsInvalid(try Nick(raw), code: "invalid_nick")
            XCTAssertInvalidMessage(error, "a nick needs at least 1 character")
        }
    }

    func testInvisibleAndControllingCharactersRefused() {
        let cases = [
            "ab\u{0007}c",    // BEL
            "ab\u{0000}c",    // NUL
            "a\u{001B}[31m",  // escape sequence
            "ab\u{200B}cd",   // zero-width space
            "ab\u{202E}cd",   // right-to-left override
            "ab\u{2066}cd",   // bidi isolate
            "\u{3164}",       // Hangul filler
            "새\u{3164}싹",
            "a\u{FEFF}b",     // byte-order mark
            "a\u{00AD}b",     // soft hyphen
            "a\u{E000}b",     // private use
            "a\u{2028}b",     // line separator inside
            "a\u{00A0}b",     // no-break space
        ]
        for raw in cases {
            let error = XCTAssertThrowsInvalid(try Nick(raw), code: "invalid_nick")
            XCTAssertInvalidMessage(error, "a nick cannot contain control or invisible characters")
        }
    }

    func testInvisibleOnlyNickRefused() {
        // Whether trimming or the visibility rule catches it, a nick of nothing visible is refused.
        for raw in ["\u{200B}", "\u{3164}\u{3164}", "\u{2800}", "\u{115F}\u{1160}"] {
            XCTAssertNotNil(XCTAssertThrowsInvalid(try Nick(raw), code: "invalid_nick"), raw)
        }
    }

    func testEmojiZWJSequenceAccepted() throws {
        let nick = try Nick("👩‍💻dev")
        XCTAssertEqual(nick.value, "👩‍💻dev")
        XCTAssertEqual(nick.value.count, 4)
        XCTAssertEqual(try Nick("❤️🇰🇷").value, "❤️🇰🇷")
    }

    func testZeroWidthJoinerOutsideEmojiRefused() {
        XCTAssertThrowsInvalid(try Nick("ab\u{200D}cd"), code: "invalid_nick")
    }

    func testSQLLookingTextRoundTripsUnchanged() throws {
        let raw = "x');DROP--"
        XCTAssertEqual(raw.count, 10)
        XCTAssertEqual(try Nick(raw).value, raw)
        XCTAssertEqual(try Nick("' OR 1=1").value, "' OR 1=1")
    }

    func testNicksNeedNotBeUniqueAndCompareByValue() throws {
        XCTAssertEqual(try Nick("sesac"), try Nick(" sesac "))
        XCTAssertNotEqual(try Nick("sesac"), try Nick("Sesac"))
    }

    // Regression: keycap emoji (digit or # + U+FE0F + U+20E3) were refused as invisible.
    func testKeycapEmojiAccepted() throws {
        for raw in ["1️⃣", "#️⃣", "*️⃣", "0️⃣", "새싹1️⃣", "#️⃣1️⃣2️⃣"] {
            XCTAssertEqual(try Nick(raw).value, raw, raw)
        }
        XCTAssertEqual(try Nick("1️⃣").value.unicodeScalars.map(\.value), [0x31, 0xFE0F, 0x20E3])
        XCTAssertEqual(try Nick(String(repeating: "9️⃣", count: 10)).value.count, 10)
        XCTAssertThrowsInvalid(try Nick(String(repeating: "9️⃣", count: 11)), code: "invalid_nick")
        // The variation selector alone does not make an ASCII letter an emoji.
        XCTAssertThrowsInvalid(try Nick("a\u{FE0F}"), code: "invalid_nick")
    }
}
