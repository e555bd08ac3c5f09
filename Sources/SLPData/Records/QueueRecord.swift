#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `queue`: a waiting user's place, and the search document made from the user
/// (`QueueTraits`, `QueueCard`) that search reads instead of the user's own rows.
enum QueueRecord {
    /// The place and document of `user` waiting at `entry`, except the user's row id.
    static func columns(of entry: QueueEntry, user: User) throws -> [(name: String, value: SQLValue)] {
        [
            ("cell", .integer(SpatialGrid.cell(entry.coordinate))),
            ("lat", .real(entry.coordinate.latitude)),
            ("long", .real(entry.coordinate.longitude)),
            ("traits", .integer(try QueueTraits(of: user).packed())),
            ("card", .text(try QueueCard.card(of: user, studies: entry.studies))),
            ("uid", .text(user.uid.rawValue)),
            ("studies", .text(entry.studies.description)),
            ("study_keys", .text(StudyKeys.json(entry.studies))),
            ("entered_at", .integer(entry.enteredAt.unixMilliseconds)),
        ]
    }

    /// The columns `entry(_:)` reads.
    static let selection = "user_id, uid, lat, long, studies, entered_at"

    static func entry(_ row: some SQLRow) throws -> QueueEntry {
        do {
            return QueueEntry(
                uid: try UserID(row.text("uid")),
                coordinate: try Coordinate(latitude: row.double("lat"), longitude: row.double("long")),
                studies: try StudyList(parsing: [row.text("studies")]),
                enteredAt: Date(unixMilliseconds: row.int64("entered_at")))
        } catch let error as DomainError {
            throw StoredDataError(table: "queue", id: row.int64("user_id"), detail: error.message)
        }
    }
}
