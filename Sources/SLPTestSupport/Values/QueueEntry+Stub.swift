import Foundation
import SLPDomain

extension QueueEntry {
    /// A waiting place with studies as typed, shown 100 m north unless said otherwise; invalid
    /// values are a bug in the test and stop it.
    package static func stub(
        _ uid: String, at coordinate: Coordinate, studies: [String] = [], enteredAt: Date = Date(timeIntervalSince1970: 1_795_000_000),
        shown: Coordinate? = nil
    ) -> QueueEntry {
        try! QueueEntry(
            uid: UserID(uid), coordinate: coordinate, studies: StudyList(parsing: studies), enteredAt: enteredAt,
            shownCoordinate: shown ?? coordinate.moved(100))
    }
}
