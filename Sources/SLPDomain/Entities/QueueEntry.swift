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
    /// How far and which way from `coordinate` the API shows them: drawn when they entered,
    /// kept while they wait.
    public let displacement: Displacement

    public init(uid: UserID, coordinate: Coordinate, studies: StudyList, enteredAt: Date, displacement: Displacement) {
        self.uid = uid
        self.coordinate = coordinate
        self.studies = studies
        self.enteredAt = enteredAt
        self.displacement = displacement
    }

    /// Where the API shows this user, and decides their distance from.
    public var shownCoordinate: Coordinate { coordinate.displaced(by: displacement) }
}
