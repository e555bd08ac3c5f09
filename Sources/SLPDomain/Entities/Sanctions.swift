#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What stays with a phone number when its account is withdrawn: the sanctions, nothing
/// personal. The same number registering again starts under them, so that withdrawing never
/// wipes a ban, a penalty or the count that sets the next one. (The reports themselves stay
/// with the number too, and count again: `WriteTransaction.keepReports`.)
public struct Sanctions: Equatable, Sendable {
    /// Barred from the queue by reports that were not kept: an account that withdrew before
    /// reports stayed with the number (issue 49) left only this ban.
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

    /// The sanctions `user` is under now, but for the reports against them, which are kept as
    /// they are and go on counting only while their reporters have an account.
    public init(of user: User) {
        self.init(reportBan: user.reportBanCarried, dodgePenaltyUntil: user.dodgePenaltyUntil, dodgeCount: user.dodgeCount)
    }

    /// Nothing to keep: no ban, no penalty ever, no dodge counted.
    public var isNone: Bool { !reportBan && dodgePenaltyUntil == nil && dodgeCount == 0 }
}
