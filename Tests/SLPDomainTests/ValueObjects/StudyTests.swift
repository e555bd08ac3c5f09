import SLPDomain
import XCTest

final class StudyTests: XCTestCase {
    func testTrimsAndKeepsTheNameAsTyped() throws {
        let study = try Study(" Swift ")
        XCTAssertEqual(study.name, "Swift")
        XCTAssertEqual(study.description, "Swift")
        XCTAssertEqual(study.key, "swift")
    }

    func testEightCharactersAcceptedNineRefused() throws {
        XCTAssertEqual(try Study("12345678").name, "12345678")
        XCTAssertEqual(try Study("알고리즘스터디해").name, "알고리즘스터디해")
        let error = XCTAssertThrowsInvalid(try Study("123456789"), code: "invalid_study")
        XCTAssertInvalidMessage(error, "a study has 1 to 8 characters ('123456789')")
        XCTAssertThrowsInvalid(try Study("알고리즘스터디해요"), code: "invalid_study")
    }

    func testEmptyAndSpacedAndInvisibleRefused() {
        XCTAssertThrowsInvalid(try Study(""), code: "invalid_study")
        XCTAssertThrowsInvalid(try Study("   "), code: "invalid_study")
        let spaced = XCTAssertThrowsInvalid(try Study("ios dev"), code: "invalid_study")
        XCTAssertInvalidMessage(spaced, "a study cannot contain spaces, control or invisible characters")
        XCTAssertThrowsInvalid(try Study("a\u{200B}b"), code: "invalid_study")
        XCTAssertThrowsInvalid(try Study("a\u{0}b"), code: "invalid_study")
    }

    func testEqualityIgnoresCaseAndWidth() throws {
        XCTAssertEqual(try Study("Swift"), try Study("swift"))
        XCTAssertEqual(try Study("ＳＷＩＦＴ"), try Study("swift"))
        XCTAssertEqual(try Study("코딩".decomposedStringWithCanonicalMapping), try Study("코딩"))
        XCTAssertNotEqual(try Study("swift"), try Study("swiftui"))
        XCTAssertEqual(Set([try Study("Swift"), try Study("SWIFT")]).count, 1)
    }

    func testAnything() {
        XCTAssertEqual(Study.anything.name, "anything")
    }
}

final class StudyListTests: XCTestCase {
    func testNothingGivenMeansAnything() throws {
        XCTAssertEqual(try StudyList(parsing: []).studies.map(\.name), ["anything"])
        XCTAssertEqual(try StudyList(parsing: ["", "  "]).studies.map(\.name), ["anything"])
        XCTAssertEqual(try StudyList(parsing: []), StudyList.anything)
    }

    func testSpacesSplitStudiesAcrossArguments() throws {
        let list = try StudyList(parsing: ["swift  ios", "알고리즘", "\tcs"])
        XCTAssertEqual(list.studies.map(\.name), ["swift", "ios", "알고리즘", "cs"])
        XCTAssertEqual(list.description, "swift ios 알고리즘 cs")
    }

    /// Found by `Scripts/fuzz values`: a study that starts with a combining mark fused with the
    /// space before it, so the description lost the mark (or listed a study twice) when read back.
    func testDescriptionParsesBackWhenAStudyStartsWithACombiningMark() throws {
        let list = try StudyList(parsing: ["x", "\u{301}y"])
        XCTAssertEqual(list.studies.map(\.name), ["x", "\u{301}y"])
        let reread = try StudyList(parsing: [list.description])
        XCTAssertEqual(reread.studies.map { Array($0.name.unicodeScalars) }, list.studies.map { Array($0.name.unicodeScalars) })
        XCTAssertEqual(try StudyList(parsing: ["x \u{301}y"]).studies.map(\.name), ["x", "\u{301}y"])
        let twice = try StudyList(parsing: ["\u{FFFD}", "\u{35E}\u{FFFD}"])
        XCTAssertEqual(try StudyList(parsing: [twice.description]), twice)
    }

    func testEightAcceptedNineRefused() throws {
        let eight = (1...8).map { "s\($0)" }
        XCTAssertEqual(try StudyList(parsing: eight).studies.count, 8)
        let error = XCTAssertThrowsInvalid(try StudyList(parsing: eight + ["s9"]), code: "too_many_studies")
        XCTAssertInvalidMessage(error, "at most 8 studies (got 9)")
        XCTAssertThrowsInvalid(try StudyList(parsing: [(1...9).map { "s\($0)" }.joined(separator: " ")]), code: "too_many_studies")
    }

    func testDuplicatesIgnoringCaseRefused() {
        let error = XCTAssertThrowsInvalid(try StudyList(parsing: ["Swift swift"]), code: "duplicate_study")
        XCTAssertInvalidMessage(error, "'swift' is listed twice")
        XCTAssertThrowsInvalid(try StudyList(parsing: ["swift", "ＳＷＩＦＴ"]), code: "duplicate_study")
    }

    func testOneBadStudyRefusesTheList() {
        XCTAssertThrowsInvalid(try StudyList(parsing: ["swift", "123456789"]), code: "invalid_study")
    }

    func testAcceptsAndShared() throws {
        let mine = try StudyList(parsing: ["swift ios cs"])
        let theirs = try StudyList(parsing: ["CS python Swift"])
        XCTAssertTrue(mine.accepts(try Study("SWIFT")))
        XCTAssertFalse(mine.accepts(try Study("python")))
        XCTAssertTrue(StudyList.anything.accepts(try Study("python")))
        XCTAssertEqual(mine.shared(with: theirs).map(\.name), ["swift", "cs"])
        XCTAssertEqual(theirs.shared(with: mine).map(\.name), ["CS", "Swift"])
    }
}

final class FavoriteStudyTests: XCTestCase {
    func testFiftyCharactersWithSpacesAccepted() throws {
        let fifty = String(repeating: "가 ", count: 25).trimmingCharacters(in: .whitespaces) + "나"
        XCTAssertEqual(fifty.count, 50)
        XCTAssertEqual(try FavoriteStudy(fifty).value, fifty)
        XCTAssertEqual(try FavoriteStudy("  ").value, "")
        XCTAssertEqual(FavoriteStudy.none.value, "")
    }

    func testTooLongOrInvisibleRefused() {
        XCTAssertThrowsInvalid(try FavoriteStudy(String(repeating: "a", count: 51)), code: "invalid_study")
        XCTAssertThrowsInvalid(try FavoriteStudy("swift\u{202E}"), code: "invalid_study")
        XCTAssertThrowsInvalid(try FavoriteStudy("a\u{7}b"), code: "invalid_study")
    }
}
