#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What cancelling my current match does to me.
public struct DodgeDecision: Equatable, Sendable {
    /// My new count of consecutive penalised dodges.
    public let dodgeCount: Int
    /// Until when I may not queue; nil when my partner had already left the match.
    public let penaltyUntil: Date?

    public init(dodgeCount: Int, penaltyUntil: Date?) {
        self.dodgeCount = dodgeCount
        self.penaltyUntil = penaltyUntil
    }
}
