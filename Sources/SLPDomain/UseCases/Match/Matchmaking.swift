#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What matching two waiting users does: both leave the queue and any match already over,
/// every open request from or to either is void, and one new match is current for both.
enum Matchmaking {
    static func match(_ pair: PairSnapshot, at now: Date, in transaction: any WriteTransaction) throws {
        for party in [pair.me, pair.other] {
            if party.current != nil { try transaction.leaveCurrentMatch(of: party.user.uid) }
            try QueueExit.leave(party.user.uid, in: transaction)
        }
        _ = try transaction.insertMatch(pair.me.user.uid, pair.other.user.uid, at: now)
    }
}
