import Foundation
import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// How SQLite reads the cards it keeps in the queue. Search itself: `SearchStorageContractTests`.
final class SQLiteStorageSearchTests: QueueDatabaseTestCase {
    private let seoul = Coordinate.at(37.5665, 126.9780)

    /// A card edited by hand to hold a field too many or too few is reported as corrupt data
    /// naming the row, never read with its fields shifted; an empty last field is still a field.
    func testCardsWithTheWrongNumberOfFieldsAreCorruptData() throws {
        try waiting("Edited1", at: seoul.moved(100, bearing: 0))
        let card = try database.read { try $0.cached("SELECT card FROM queue").first([]) { $0.text(0) } }
        let original = try XCTUnwrap(card)
        let separator = "\u{1E}"
        for (edited, fields) in [(original + separator + "extra", 8), (original + separator + separator, 9), ("Edited1", 1),
                                 (original.components(separatedBy: separator).dropLast().joined(separator: separator), 6), ("", 1)] {
            try database.write { try $0.cached("UPDATE queue SET card = ?").run([.text(edited)]) }
            XCTAssertThrowsError(try nearby(seoul, radius: 700), "\(fields) fields") { error in
                let message = (error as? any StorageFailure)?.storageFailureMessage ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("corrupt data in queue row "), message)
                XCTAssertTrue(message.hasSuffix(": the card has \(fields) fields, not 7"), message)
            }
        }
        // The studies field empty: read back as no studies, not as an error.
        var fields = original.components(separatedBy: separator)
        fields[6] = ""
        try database.write { try $0.cached("UPDATE queue SET card = ?").run([.text(fields.joined(separator: separator))]) }
        XCTAssertEqual(try nearby(seoul, radius: 700).map(\.studies.studies.count), [0])
    }
}
