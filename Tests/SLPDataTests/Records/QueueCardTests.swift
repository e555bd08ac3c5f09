@testable import SLPData
import SLPDomain
import XCTest

/// The card is written and read through one list of fields: every field written comes back as
/// it was, and a value that would break the layout is refused when written.
final class QueueCardTests: XCTestCase {
    private func write(
        uid: String = "Card1", nick: String = "카드", reputation: [Int] = [1, 2, 3, 4, 5, 6], reviews: [String] = ["좋아요", "great"],
        sesac: Int = 3, background: Int = 7, studies: [Study]? = nil
    ) throws(QueueDocumentError) -> [UInt8] {
        var card: [UInt8] = []
        try QueueCard.write(
            uid: UserID(stored: uid), nick: Nick(stored: nick), reputation: try! Reputation(counts: reputation), reviews: reviews,
            sesac: sesac, background: background, studies: StudyList(stored: studies ?? [Study(stored: "Swift"), Study(stored: "영어")]),
            to: &card)
        return card
    }

    private func read(_ card: [UInt8]) throws -> NearbyUser {
        try card.withUnsafeBufferPointer { bytes in
            try QueueCard.read(
                bytes, gender: .male, coordinate: try Coordinate(latitude: 37.5, longitude: 127), distance: 12.5,
                studies: StudyInterner())
        }
    }

    func testEveryFieldReadsBackAsWritten() throws {
        let user = try read(try write())
        XCTAssertEqual(user.uid.rawValue, "Card1")
        XCTAssertEqual(user.nick.value, "카드")
        XCTAssertEqual(user.reputation.counts, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(user.reviews, ["좋아요", "great"])
        XCTAssertEqual(user.sesac, 3)
        XCTAssertEqual(user.background, 7)
        XCTAssertEqual(user.studies.studies.map(\.name), ["Swift", "영어"])
        XCTAssertEqual(user.studies.studies.map(\.key), ["swift", "영어"])
        // What the card does not hold comes from the row.
        XCTAssertEqual(user.gender, .male)
        XCTAssertEqual(user.distance, 12.5)
        // One text per field, in the order the list gives, and nothing else.
        let card = try write()
        XCTAssertEqual(card.count { $0 == QueueCard.fieldSeparator }, QueueCard.fields.count - 1)
        for field in QueueCard.fields {
            let bytes = try XCTUnwrap(card.withUnsafeBufferPointer { QueueCard.field(field, of: $0).map { Array($0) } }, "\(field)")
            let expected: String = switch field {
            case .uid: "Card1"
            case .nick: "카드"
            case .reputation: "1,2,3,4,5,6"
            case .reviews: "좋아요\u{1F}great"
            case .sesac: "3"
            case .background: "7"
            case .studies: "Swift 영어"
            }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, "\(field)")
        }
    }

    func testEmptyReviewsAndOneStudyReadBack() throws {
        let user = try read(try write(reviews: [], studies: [.anything]))
        XCTAssertEqual(user.reviews, [])
        XCTAssertEqual(user.studies, .anything)
        // An empty comment between others is kept in its place.
        XCTAssertEqual(try read(try write(reviews: ["a", "", "b"])).reviews, ["a", "", "b"])
    }

    func testTheStudiesFieldIsTheCardsTail() throws {
        var card: [UInt8] = [9, 9]
        let start = try QueueCard.write(
            uid: UserID(stored: "U1"), nick: Nick(stored: "n"), reputation: .none, reviews: [], sesac: 0, background: 0,
            studies: StudyList(stored: [Study(stored: "a"), Study(stored: "b")]), to: &card)
        XCTAssertEqual(String(decoding: card[start...], as: UTF8.self), "a b")
        XCTAssertEqual(Array(card.prefix(2)), [9, 9], "appended after what was there")
    }

    func testValuesThatWouldBreakTheLayoutAreRefused() {
        func assertRefused(_ write: @autoclosure () throws(QueueDocumentError) -> [UInt8], _ message: String, line: UInt = #line) {
            do {
                _ = try write()
                XCTFail("written", line: line)
            } catch {
                XCTAssertEqual(error.description, message, line: line)
                XCTAssertEqual(error.storageFailureKind, .internal, line: line)
            }
        }
        assertRefused(try write(nick: "a\u{1E}b"), "the card's nick field holds a separator (U+001E)")
        assertRefused(try write(reviews: ["ok", "x\u{1F}y"]), "the card's reviews field holds a separator (U+001F)")
        assertRefused(try write(reviews: ["x\u{1E}"]), "the card's reviews field holds a separator (U+001E)")
        assertRefused(try write(studies: [Study(stored: "a b")]), "the card's studies field holds a separator (U+0020)")
        assertRefused(try write(sesac: -1), "the card's sesac field is negative: -1")
        assertRefused(try write(background: -2), "the card's background field is negative: -2")
    }

    func testCardsOfTheWrongShapeAreRefusedWhenRead() throws {
        let card = try write()
        let separator = QueueCard.fieldSeparator
        for (bytes, message) in [
            (card + [separator] + Array("x".utf8), "the card has 8 fields, not 7"),
            (Array(card.split(separator: separator, omittingEmptySubsequences: false).dropLast().joined(separator: [separator])),
             "the card has 6 fields, not 7"),
            ([], "the card has 1 fields, not 7"),
        ] {
            XCTAssertThrowsError(try read(bytes)) { XCTAssertEqual(($0 as? QueueDocumentError)?.description, message) }
        }
        var fields = card.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
        fields[QueueCard.Field.sesac.rawValue] = Array("-3".utf8)
        XCTAssertThrowsError(try read(Array(fields.joined(separator: [separator])))) {
            XCTAssertEqual(($0 as? QueueDocumentError)?.description, "the card's sesac field is not a number: '-3'")
        }
        fields = card.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
        fields[QueueCard.Field.reputation.rawValue] = Array("1,2,3".utf8)
        XCTAssertThrowsError(try read(Array(fields.joined(separator: [separator])))) {
            XCTAssertEqual(($0 as? QueueDocumentError)?.description, "the card's reputation field is not six counts: '1,2,3'")
        }
    }
}
