#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A queue row's place as both backends read it.
enum StoredQueueEntry {
    static let columns = "uid, lat, long, studies, entered_at"

    /// The entry of a row read with `columns`, of the user of row `userID`.
    static func read(_ row: some StoredRow, userID: Int64) throws -> QueueEntry {
        do {
            return QueueEntry(
                uid: try UserID(row.text(0)), coordinate: try Coordinate(latitude: row.double(1), longitude: row.double(2)),
                studies: try StudyList(parsing: [row.text(3)]), enteredAt: Date(unixMilliseconds: row.int64(4)))
        } catch let error as DomainError {
            throw StoredDataError(table: "queue", id: userID, detail: error.message)
        }
    }
}
