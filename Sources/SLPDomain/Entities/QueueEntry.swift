#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A user waiting in the matching queue: where, for which studies, since when.
public struct QueueEntry: Equatable, Sendable {
    public let uid: UserID
    public let coordinate: Coordinate
    public let studies: StudyList
    /// When the user entered or last refreshed their place in the queue.
    public let enteredAt: Date

    public init(uid: UserID, coordinate: Coordinate, studies: StudyList, enteredAt: Date) {
        self.uid = uid
        self.coordinate = coordinate
        self.studies = studies
        self.enteredAt = enteredAt
    }
}
