@testable import SLPDomain
import SLPSupport
import XCTest

final class EmailTests: XCTestCase {
    func testValidForms() throws {
        XCTAssertEqual(try Email("sesac@example.com").value, "sesac@example.com")
        XCTAssertEqual(try Email("first.last+tag@mail.example.co.kr").value, "first.last+tag@mail.example.co.kr")
        XCTAssertEqual(try Email("a_b-c@sub-domain.io").value, "a_b-c@sub-domain.io")
        XCTAssertEqual(try Email("  x@y.kr ").value, "x@y.kr")
    }

    func testDomainIsLowerCasedButLocalPartKept() throws {
        XCTAssertEqual(try Email("Sesac.User@Example.COM").value, "Sesac.User@example.com")
        XCTAssertEqual(try Email("Sesac.User@Example.COM").description, "Sesac.User@example.com")
        XCTAssertEqual(try Email("a@B.com"), try Email("a@b.COM"))
    }

    func testRejectsMalformedAddresses() {
        let cases = [
            "sesac.example.com",   // no @
            "a@b@example.com",     // two @
            "a b@example.com",     // space in local part
            "ab@exa mple.com",     // space in domain
            ".ab@example.com",     // leading dot
            "ab.@example.com",     // trailing dot
            "a..b@example.com",    // double dot
            "ab@example",          // no TLD
            "ab@example.123",      // numeric TLD
            "ab@example.c",        // one-letter TLD
            "ab@.example.com",     // empty label
            "ab@example..com",
            "ab@-example.com",     // label starting with a dash
            "@example.com",        // empty local part
            "ab@",
            "",
            "새싹@example.com",     // not ASCII
            "ab@例え.jp",
        ]
        for raw in cases {
            XCTAssertNotNil(XCTAssertThrowsInvalid(try Email(raw), code: "invalid_email"), raw)
        }
    }

    func testLengthLimitIs254() throws {
        let local = String(repeating: "a", count: 64)
        func domain(lastLabel: Int) -> String {
            String(repeating: "b", count: 63) + "." + String(repeating: "c", count: 63) + "."
                + String(repeating: "d", count: lastLabel) + ".com"
        }
        let longest = local + "@" + domain(lastLabel: 57)
        XCTAssertEqual(longest.utf8.count, 254)
        XCTAssertEqual(try Email(longest).value, longest)
        let tooLong = local + "@" + domain(lastLabel: 58)
        XCTAssertEqual(tooLong.utf8.count, 255)
        XCTAssertThrowsInvalid(try Email(tooLong), code: "invalid_email")
        let muchTooLong = local + "@" + domain(lastLabel: 63)
        XCTAssertEqual(muchTooLong.utf8.count, 260)
        XCTAssertThrowsInvalid(try Email(muchTooLong), code: "invalid_email")
    }

    func testLocalPartLimitIs64() throws {
        XCTAssertNoThrow(try Email(String(repeating: "a", count: 64) + "@example.com"))
        XCTAssertThrowsInvalid(try Email(String(repeating: "a", count: 65) + "@example.com"), code: "invalid_email")
    }

    /// The byte-level parse of ASCII addresses decides exactly as the character-level one, on
    /// random texts built mostly from the characters the rules are about.
    func testASCIIParseAgreesWithTheCharacterParse() {
        var random = SplitMix64(seed: 0xE4A1)
        let alphabet = Array("aZ9.@-_+!~x.Y@-..com\r\n\t \u{7F}\"(),:;<>[]\\".unicodeScalars)
        let pieces = ["a", "example", "com", "co.kr", ".", "..", "@", "-", "x-y", "ABC", "1", "naver", "kr"]
        var valid = 0
        for round in 0..<40_000 {
            var text = ""
            let length = Int(random.next() % 24)
            for _ in 0..<length {
                if random.next() % 3 == 0 {
                    text += pieces[Int(random.next() % UInt64(pieces.count))]
                } else {
                    text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
                }
            }
            if round % 50 == 0 { text = String(repeating: "a", count: Int(random.next() % 70)) + "@" + String(repeating: "b", count: Int(random.next() % 70)) + ".com" }
            XCTAssertEqual(Email.parseASCII(text), Email.parse(text), "\(text.debugDescription)")
            if Email.parse(text) != nil { valid += 1 }
        }
        // Both answers are exercised: some texts are addresses.
        XCTAssertGreaterThan(valid, 200)
    }
}
