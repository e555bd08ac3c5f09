#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A user waiting in the matching queue: where, for which studies, since when, and where the
/// API shows them.
public struct QueueEntry: Equatable, Sendable {
    public let uid: UserID
    /// Where the user queued.
    public let coordinate: Coordinate
    public let studies: StudyList
    /// When the user entered or last refreshed their place in the queue.
    public let enteredAt: Date
    /// Where the API shows them, and decides their distance from: the point of their cell
    /// (`ShownPlaces`).
    public let shownCoordinate: Coordinate

    public init(uid: UserID, coordinate: Coordinate, studies: StudyList, enteredAt: Date, shownCoordinate: Coordinate) {
        self.uid = uid
        self.coordinate = coordinate
        self.studies = studies
        self.enteredAt = enteredAt
        self.shownCoordinate = shownCoordinate
    }
}
