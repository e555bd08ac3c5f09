#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one look at my events found.
public struct EventBatch: Equatable, Sendable {
    /// New events, oldest first.
    public let events: [UserEvent]
    /// When my running penalty ends, if it is still to come: nothing is committed then, so a
    /// reader looks again at that time to hear `penalty_over`.
    public let penaltyEnds: Date?

    public init(events: [UserEvent], penaltyEnds: Date?) {
        self.events = events
        self.penaltyEnds = penaltyEnds
    }
}
