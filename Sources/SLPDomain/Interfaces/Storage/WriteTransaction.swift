#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a use case may change inside its write transaction: plain storage operations, each
/// doing exactly what it says. Operations naming a user who does not exist change nothing.
public protocol WriteTransaction: ReadTransaction {
    // MARK: Users

    /// Stores a new user; false (and nothing stored) when the phone number already has an account.
    func insert(_ user: User) throws -> Bool
    /// Stores every field of `user` that can change; items and review comments it lists that
    /// are not stored yet are added.
    func update(_ user: User) throws
    /// Removes the user with their personal data, queue place, requests, reports not kept
    /// (`keepReports`) and events; the other members keep their matches and messages. False
    /// when there was no such user.
    func delete(_ uid: UserID) throws -> Bool

    // MARK: Sanctions

    /// The sanctions kept for `phone` when its account withdrew, if any.
    func sanctions(of phone: PhoneNumber) throws -> Sanctions?
    /// Keeps `sanctions` for `phone`, replacing any kept before, under a keyed hash of the
    /// number and with nothing else beside them; nil forgets them.
    func keepSanctions(_ sanctions: Sanctions?, of phone: PhoneNumber) throws

    // MARK: Queue, requests, reports

    /// The keyed hash behind where the API shows people (`ShownPlaces`), under a random key the
    /// first write that asks makes and keeps with the data; the same ever after.
    func shownPlaceKey() throws -> any KeyedHash
    /// Puts `user` in the queue at `entry`, replacing any earlier place.
    func putInQueue(_ entry: QueueEntry, of user: User) throws
    /// Takes `uid` out of the queue; false when they were not in it.
    @discardableResult
    func removeFromQueue(_ uid: UserID) throws -> Bool
    /// Records an open study request.
    func insertRequest(from: UserID, to: UserID, at now: Date) throws
    /// Removes the open requests between `a` and `b`, both ways.
    func deleteRequests(between a: UserID, and b: UserID) throws
    /// Removes every open request from or to `uid`.
    func deleteRequests(involving uid: UserID) throws
    /// Records that `reporter` reported `reported`.
    func insertReport(by reporter: UserID, of reported: UserID, reason: ReportReason, comment: String?, at now: Date) throws
    /// Keeps the reports `uid` made and received with their phone number, before their account
    /// goes: each names the number by its keyed hash instead of the account, drops its comment,
    /// and no longer lists in a record; those `uid` made stop counting.
    func keepReports(of uid: UserID) throws
    /// Gives the reports kept for `phone` (`keepReports`) to `uid`, that number's new account:
    /// made and received by `uid` again, so that they count and nobody reports twice. False when
    /// there were none.
    func takeUpReports(of phone: PhoneNumber, for uid: UserID) throws -> Bool

    // MARK: Matches and messages

    /// Stores a new match of `a` and `b`, current for both; returns its id.
    func insertMatch(_ a: UserID, _ b: UserID, at now: Date) throws -> Int64
    /// Makes the current match of `uid`, if any, no longer current for them.
    func leaveCurrentMatch(of uid: UserID) throws
    /// Records how `uid` ended their part of match `id` (no longer current for them), and when
    /// the match ended if it had not before.
    func end(_ match: Int64, for uid: UserID, _ ending: MatchEnding, at now: Date) throws
    /// Records that `uid` reviewed their partner in match `id`.
    func markReviewed(_ match: Int64, by uid: UserID) throws
    /// Stores a message of its conversation.
    func insert(_ message: ChatMessage) throws

    // MARK: Events

    /// Records `kind` for `recipient` at `now`, the next event in commit order, and returns its
    /// id (nil, and nothing recorded, when there is no such user); and forgets the recipient's
    /// oldest events from before `cutoff`, a few at a time.
    @discardableResult
    func insertEvent(_ kind: UserEventKind, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws -> Int64?
    /// Sets (or clears) when the end of the penalty of `uid` is due to be told.
    func setPenaltyNoticeDue(_ due: Date?, of uid: UserID) throws

    // MARK: Pushes

    /// Queues a push of event `event` to `recipient`, due at `now`; and forgets the recipient's
    /// pushes queued before `cutoff`. The push goes with its recipient when they withdraw.
    func enqueuePush(event: Int64, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws
    /// Leases the push of event `event` to `owner` until `until`: not due again before then.
    func leasePush(event: Int64, to owner: String, until: Date) throws
    /// Takes the push of event `event` out of the outbox.
    func deletePush(event: Int64) throws
    /// Makes the push of event `event` due at `due`, tried `attempts` times, leased to nobody.
    func reschedulePush(event: Int64, at due: Date, attempts: Int) throws
    /// Clears the push token of `uid` if it is still `token`; false when it was not (or no such user).
    @discardableResult
    func clearPushToken(of uid: UserID, ifStill token: PushToken) throws -> Bool
    /// Clears `token` from every user but `uid` who has it (one phone, one account); returns how
    /// many. `PushToken.none` is nobody's token: nothing changes.
    @discardableResult
    func clearPushToken(_ token: PushToken, exceptFor uid: UserID) throws -> Int
    /// Adds `counts`' counters to the stored ones (its `pending` is not a counter: ignored).
    func addToPushCounts(_ counts: PushCounts) throws
    /// Ends every lease `owner` holds: its pushes due at `now`, leased to nobody; returns how many.
    @discardableResult
    func releasePushLeases(of owner: String, at now: Date) throws -> Int
}
