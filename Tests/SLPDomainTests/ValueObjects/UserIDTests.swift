import SLPDomain
import SLPSupport
import XCTest

final class UserIDTests: XCTestCase {
    private func isAlphanumericASCII(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    func testRandomIsTwentyEightAlphanumerics() {
        let generator = RandomUserIDGenerator()
        for _ in 0..<100 {
            let uid = generator.next()
            XCTAssertEqual(uid.rawValue.count, 28)
            XCTAssertEqual(UserID.generatedLength, 28)
            XCTAssertTrue(isAlphanumericASCII(uid.rawValue), uid.rawValue)
        }
    }

    func testTwoRandomIdentifiersDiffer() {
        let generator = RandomUserIDGenerator()
        let uids = Set((0..<1_000).map { _ in generator.next() })
        XCTAssertEqual(uids.count, 1_000)
    }

    func testRandomUsingAGeneratorIsDeterministicAndValid() throws {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        let first = UserID.random(using: &a)
        XCTAssertEqual(first, UserID.random(using: &b))
        XCTAssertNotEqual(first, UserID.random(using: &a))
        XCTAssertEqual(try UserID(first.rawValue), first)
    }

    func testAcceptsOneToSixtyFourLettersOrDigits() throws {
        XCTAssertEqual(try UserID("U1").rawValue, "U1")
        XCTAssertEqual(try UserID("U1").description, "U1")
        let longest = String(repeating: "a", count: 64)
        XCTAssertEqual(try UserID(longest).rawValue, longest)
    }

    func testRefusesInvalidCharactersAndLengths() {
        for raw in ["", String(repeating: "a", count: 65), "abc-def", "abc def", "abc_def", "새싹", "ａｂｃ", "abc\u{0}", "+821012345678", "é"] {
            let error = XCTAssertThrowsInvalid(try UserID(raw), code: "invalid_uid")
            XCTAssertInvalidMessage(error, "a uid is 1 to 64 letters or digits")
        }
    }

    func testOrderingIsByRawValue() throws {
        XCTAssertLessThan(try UserID("A1"), try UserID("B0"))
        XCTAssertLessThan(try UserID("Z"), try UserID("a"))
    }

    /// Every length from 1 to 64 reads back as its text and orders as its text.
    func testEveryLengthRoundTripsAndOrdersAsItsText() throws {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var generator = SplitMix64(seed: 7)
        var uids: [UserID] = []
        for length in 1...64 {
            for _ in 0..<4 {
                let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
                let uid = try UserID(text)
                XCTAssertEqual(uid.rawValue, text)
                XCTAssertEqual(uid, try UserID(uid.rawValue))
                XCTAssertEqual(uid.hashValue, try UserID(text).hashValue)
                uids.append(uid)
            }
        }
        // Prefixes of one another, and texts one byte apart at the end.
        let base = String(repeating: "z", count: 31)
        uids += try [base, base + "z", base + "zz", base + "0", base + "00", "z" + base + "a", "z" + base].map { try UserID($0) }
        for left in uids {
            for right in uids {
                XCTAssertEqual(left < right, left.rawValue < right.rawValue, "\(left) < \(right)")
                XCTAssertEqual(left == right, left.rawValue == right.rawValue, "\(left) == \(right)")
            }
        }
        XCTAssertEqual(uids.sorted().map(\.rawValue), uids.map(\.rawValue).sorted())
    }
}
