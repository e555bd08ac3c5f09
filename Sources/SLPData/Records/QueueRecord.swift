#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `queue`: a waiting user's place, where the API shows them, and the search document
/// made from the user (`QueueTraits`, `QueueCard`) that search reads instead of the user's own
/// rows.
enum QueueRecord {
    /// Every column of a queue row, in the order of `values(of:user:id:)` (and of the rows a
    /// bulk load writes, `SeedBatch.writeQueueRow`).
    static let columns: TableColumns = [
        "user_id", "cell", "lat", "long", "shown", "shown_cell", "shown_lat", "shown_long", "traits", "card", "uid", "studies",
        "study_keys", "entered_at",
    ]

    /// SQLite: the columns of a `queue_studies` row, a study key and a copy of the queue row's
    /// columns a study search reads (`SQLiteQueueSearch`).
    static let studyColumns: TableColumns = ["study", "cell", "user_id", "lat", "long", "shown", "traits", "card"]

    /// The values of `columns` for `user`, of row `id`, waiting at `entry`.
    static func values(of entry: QueueEntry, user: User, id: Int64) throws -> [SQLValue] {
        let shown = entry.shownCoordinate
        let document = try document(of: user, studies: entry.studies)
        return [
            .integer(id), .integer(SpatialGrid.cell(entry.coordinate)), .real(entry.coordinate.latitude), .real(entry.coordinate.longitude),
            .integer(PackedPoint.packed(shown)), .integer(SpatialGrid.cell(shown)), .real(shown.latitude), .real(shown.longitude),
            document.traits, document.card, .text(user.uid.rawValue), .text(entry.studies.description), .text(StudyKeys.json(entry.studies)),
            .integer(entry.enteredAt.unixMilliseconds),
        ]
    }

    /// The search document of `user` waiting for `studies`: the values of `traits` and `card`.
    static func document(of user: User, studies: StudyList) throws -> (traits: SQLValue, card: SQLValue) {
        (.integer(try QueueTraits(of: user).packed()), .text(try QueueCard.card(of: user, studies: studies)))
    }

    /// The columns `entry(_:)` reads.
    static let entryColumns: TableColumns = ["user_id", "uid", "lat", "long", "shown_lat", "shown_long", "studies", "entered_at"]

    static func entry(_ row: some SQLRow) throws -> QueueEntry {
        try entry(row) { _ in try Coordinate(latitude: row.double("shown_lat"), longitude: row.double("shown_long")) }
    }

    /// The entry of a row, shown where `places` shows its place now (a rebuild after the way
    /// people are shown changed).
    static func entry(_ row: some SQLRow, shownBy places: ShownPlaces) throws -> QueueEntry {
        try entry(row) { places.point(for: $0) }
    }

    private static func entry(_ row: some SQLRow, shown: (Coordinate) throws -> Coordinate) throws -> QueueEntry {
        do {
            let coordinate = try Coordinate(latitude: row.double("lat"), longitude: row.double("long"))
            return QueueEntry(
                uid: try UserID(row.text("uid")), coordinate: coordinate, studies: try StudyList(parsing: [row.text("studies")]),
                enteredAt: Date(unixMilliseconds: row.int64("entered_at")), shownCoordinate: try shown(coordinate))
        } catch let error as DomainError {
            throw StoredDataError(table: "queue", id: row.int64("user_id"), detail: error.message)
        }
    }
}
