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
    /// The place and document of `user` waiting at `entry`, except the user's row id.
    static func columns(of entry: QueueEntry, user: User) throws -> [(name: String, value: SQLValue)] {
        let shown = entry.shownCoordinate
        return [
            ("cell", .integer(SpatialGrid.cell(entry.coordinate))),
            ("lat", .real(entry.coordinate.latitude)),
            ("long", .real(entry.coordinate.longitude)),
            ("shift", .integer(QueueShift.packed(entry.displacement))),
            ("shown_cell", .integer(SpatialGrid.cell(shown))),
            ("shown_lat", .real(shown.latitude)),
            ("shown_long", .real(shown.longitude)),
            ("traits", .integer(try QueueTraits(of: user).packed())),
            ("card", .text(try QueueCard.card(of: user, studies: entry.studies))),
            ("uid", .text(user.uid.rawValue)),
            ("studies", .text(entry.studies.description)),
            ("study_keys", .text(StudyKeys.json(entry.studies))),
            ("entered_at", .integer(entry.enteredAt.unixMilliseconds)),
        ]
    }

    /// The columns `entry(_:)` reads.
    static let selection = "user_id, uid, lat, long, shift, studies, entered_at"

    static func entry(_ row: some SQLRow) throws -> QueueEntry {
        try entry(row) {
            guard let displacement = QueueShift.displacement(row.int64("shift")) else {
                throw StoredDataError(table: "queue", id: row.int64("user_id"), detail: "no displacement")
            }
            return displacement
        }
    }

    /// The entry of a row written before displacements were kept (the migration that added them
    /// left `QueueShift.missing`): one is drawn for it now, as it would have been when its user
    /// entered.
    static func entryGivenItsDisplacement(_ row: some SQLRow) throws -> QueueEntry {
        try entry(row) { QueueShift.displacement(row.int64("shift")) ?? RandomDisplacementGenerator().next() }
    }

    private static func entry(_ row: some SQLRow, displacement: () throws -> Displacement) throws -> QueueEntry {
        do {
            return QueueEntry(
                uid: try UserID(row.text("uid")),
                coordinate: try Coordinate(latitude: row.double("lat"), longitude: row.double("long")),
                studies: try StudyList(parsing: [row.text("studies")]),
                enteredAt: Date(unixMilliseconds: row.int64("entered_at")), displacement: try displacement())
        } catch let error as DomainError {
            throw StoredDataError(table: "queue", id: row.int64("user_id"), detail: error.message)
        }
    }
}
