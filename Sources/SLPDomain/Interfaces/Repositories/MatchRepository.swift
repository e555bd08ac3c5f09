#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Requests, matches, reviews and reports. Each method reads the parties, asks the domain's
/// rule to decide, and applies the decision, all in one write transaction: no interleaving of
/// processes can put a user in two matches or leave half a match.
public protocol MatchRepository {
    /// My situation now; `DomainError.notRegistered` if I do not exist.
    func snapshot(of uid: UserID) throws -> PartySnapshot
    /// Reads me and `other` (`DomainError.userNotFound` if they do not exist), lets `rule`
    /// decide, and applies the decision.
    func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot
    /// Reads me, lets `rule` decide how my dodge is penalised, and ends my current match.
    func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView)
}
