import Foundation
import SLPDomain
import XCTest

final class ForbiddenWordsTests: XCTestCase {
    let words = ForbiddenWords.standard

    func testPlainWordMatches() {
        XCTAssertTrue(words.matches("admin"))
        XCTAssertTrue(words.matches("운영자"))
    }

    func testWordInsideALongerNickMatches() {
        XCTAssertTrue(words.matches("superadmin1"))
        XCTAssertTrue(words.matches("나는관리자"))
    }

    func testUpperCaseMatches() {
        XCTAssertTrue(words.matches("ADMIN"))
        XCTAssertTrue(words.matches("AdMiN"))
    }

    func testFullWidthMatches() {
        XCTAssertTrue(words.matches("ＡＤＭＩＮ"))
        XCTAssertTrue(words.matches("ａｄｍｉｎ"))
    }

    func testNFDKoreanMatches() {
        let decomposed = "씨발".decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(Array(decomposed.unicodeScalars), Array("씨발".unicodeScalars))
        XCTAssertTrue(words.matches(decomposed))
        XCTAssertTrue(words.matches("새싹" + "관리자".decomposedStringWithCanonicalMapping))
    }

    func testSpacedOutAndPunctuatedSpellingsMatch() {
        XCTAssertTrue(words.matches("a d m i n"))
        XCTAssertTrue(words.matches("a.d.m.i.n"))
        XCTAssertTrue(words.matches("a-d_m·in"))
        XCTAssertTrue(words.matches("관 리 자"))
    }

    func testInnocentNicksDoNotMatch() {
        for nick in ["새싹", "sesac", "swift러버", "x');DROP--", "Adam", "minimal", "관리", "운영"] {
            XCTAssertFalse(words.matches(nick), nick)
        }
    }

    func testCustomListNormalisesItsOwnWords() {
        let custom = ForbiddenWords(["ＦＯＯ", " ", ""])
        XCTAssertTrue(custom.matches("xfoox"))
        // Blank words are dropped instead of matching everything.
        XCTAssertFalse(custom.matches("bar"))
        XCTAssertFalse(ForbiddenWords([]).matches("admin"))
    }

    func testEveryStandardWordMatchesItself() {
        for word in ForbiddenWords.standardWords {
            XCTAssertTrue(words.matches(word), word)
            XCTAssertTrue(words.matches(word.uppercased()), word)
            XCTAssertTrue(words.matches(word.decomposedStringWithCanonicalMapping), word)
        }
    }

    func testStandardWordsEqualTheReviewedFixture() throws {
        // Tests/SLPDomainTests/ValueObjects/ForbiddenWordsTests.swift → package root.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ValueObjects
            .deletingLastPathComponent()  // SLPDomainTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Fixtures/forbidden-nick-words.txt")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let listed = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        XCTAssertEqual(listed, ForbiddenWords.standardWords)
        XCTAssertEqual(Set(listed).count, listed.count, "the fixture lists a word twice")
    }
}

final class ForbiddenWordsAccentTests: XCTestCase {
    /// A combining accent does not hide a forbidden word ("ad́min"), and does not make an innocent one.
    func testCombiningAccentsAreIgnored() {
        XCTAssertTrue(ForbiddenWords.standard.matches("ad\u{0301}min"))
        XCTAssertTrue(ForbiddenWords.standard.matches("a\u{0308}dmi\u{0300}n"))
        XCTAssertFalse(ForbiddenWords.standard.matches("caf\u{0301}e"))
    }
}
