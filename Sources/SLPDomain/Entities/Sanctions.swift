#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What stays with a phone number when its account is withdrawn: the sanctions, nothing
/// personal. The same number registering again starts under them, so that withdrawing never
/// wipes a ban, a penalty or the count that sets the next one.
public struct Sanctions: Equatable, Sendable {
    /// Barred from the queue by reports.
    public var reportBan: Bool
    /// Until when a dodge penalty runs, if one was ever given.
    public var dodgePenaltyUntil: Date?
    /// Consecutive dodges, which set the length of the next penalty.
    public var dodgeCount: Int

    public init(reportBan: Bool, dodgePenaltyUntil: Date?, dodgeCount: Int) {
        self.reportBan = reportBan
        self.dodgePenaltyUntil = dodgePenaltyUntil
        self.dodgeCount = dodgeCount
    }

    /// The sanctions `user` is under now.
    public init(of user: User) {
        self.init(reportBan: user.isBarredByReports, dodgePenaltyUntil: user.dodgePenaltyUntil, dodgeCount: user.dodgeCount)
    }

    /// Nothing to keep: no ban, no penalty ever, no dodge counted.
    public var isNone: Bool { !reportBan && dodgePenaltyUntil == nil && dodgeCount == 0 }
}
