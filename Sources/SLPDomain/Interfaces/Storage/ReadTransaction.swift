#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a use case may read inside its transaction: plain lookups, no decisions. Users who do
/// not exist (never registered, or withdrawn) are simply not found.
public protocol ReadTransaction {
    // MARK: Users

    /// The user with this uid, with their items, review comments and the number of users who
    /// reported them.
    func user(_ uid: UserID) throws -> User?
    /// The user `uid` as `user(_:)` reads them, with their place in the queue and their latest
    /// match: their whole situation in one look; nil when there is no such user.
    func situation(of uid: UserID) throws -> PartySnapshot?
    /// The user registered with this phone number.
    func user(phone: PhoneNumber) throws -> User?
    /// The uid registered with this phone number: who `--as PHONE` names, nothing more read.
    func uid(phone: PhoneNumber) throws -> UserID?
    /// The users `uid` has reviewed, each once, in the order first reviewed.
    func reviewedUsers(by uid: UserID) throws -> [UserID]
    /// The users whose number `uid`'s number has reported, under these accounts or earlier ones
    /// of the same numbers (`WriteTransaction.keepReports`), in the order reported: whom `uid`
    /// never meets again and may not report again.
    func reportedUsers(by uid: UserID) throws -> [UserID]
    /// The users this very account `uid` has reported, in the order reported, as its record lists
    /// them: a report taken up from an earlier account of either number is neither this account's
    /// act nor about that account.
    func reportedUsers(byAccount uid: UserID) throws -> [UserID]
    /// The users whose number reported `uid`'s number, under these accounts or earlier ones: the
    /// reports that count (a reporter who withdrew has no account, so theirs do not).
    func reporters(of uid: UserID) throws -> [UserID]

    // MARK: Queue and requests

    /// Where `uid` waits in the queue, if they do.
    func queueEntry(of uid: UserID) throws -> QueueEntry?
    /// Whether `from` has an open study request to `to`.
    func hasRequest(from: UserID, to: UserID) throws -> Bool
    /// The waiting users within `query.radius` of its centre who list its study (or `anything`)
    /// and whom its criteria admit, but none it excludes: nearest first, equal distances by uid,
    /// and only the nearest `query.limit` when it has one; each placed, and measured, where
    /// `query.positions` says.
    func nearby(_ query: NearbyQuery) throws -> [NearbyUser]
    /// The waiting users with an open request to `uid`, placed as `positions` says, with their
    /// distances from `center`.
    func requesters(of uid: UserID, from center: Coordinate, positions: SearchPositions) throws -> [NearbyUser]

    // MARK: Matches and messages

    /// The latest match of `uid` (with `partner`, when given) as `uid` sees it.
    func latestMatch(of uid: UserID, with partner: UserID?) throws -> MatchView?
    /// Match `id` as its member `uid` sees it; nil when `uid` is not (or no longer) in it.
    func match(_ id: Int64, of uid: UserID) throws -> MatchView?
    /// The last message `uid` and `partner` wrote each other, in any of their matches.
    func lastMessage(between uid: UserID, and partner: UserID) throws -> ChatMessage?
    /// The messages `uid` and `partner` wrote each other in every match they had (as long as
    /// `uid` has an account), oldest first.
    func messages(between uid: UserID, and partner: UserID, _ page: MessagePage) throws -> [ChatMessage]

    // MARK: Events

    /// The first `limit` events of `uid` after event `id`, oldest first.
    func events(of uid: UserID, after id: Int64, limit: Int) throws -> [UserEvent]
    /// The id of the latest event of `uid`, 0 when none.
    func latestEventID(of uid: UserID) throws -> Int64
    /// When the end of the penalty of `uid` is due to be told (`penalty_over`), if it still is.
    func penaltyNoticeDue(of uid: UserID) throws -> Date?
    /// Users whose penalty's end is due to be told by `date`, soonest first, at most `limit`.
    func penaltyNoticesDue(by date: Date, limit: Int) throws -> [UserID]
    /// Where the feed of everyone's events stands now: a later `eventsCommitted(since:)` from
    /// it returns what is committed after this call (and perhaps some events before).
    func eventFeedPosition() throws -> Int64
    /// Everyone's events committed since feed position `position` (see `EventFeedPage`).
    func eventsCommitted(since position: Int64) throws -> EventFeedPage

    // MARK: Pushes

    /// Each user's oldest queued push, when it is due by `now` (queued, or its retry or lease
    /// run out by then): at most `limit`, soonest due first, ties in commit order. A user's later
    /// pushes wait behind their oldest, however due.
    func duePushes(by now: Date, limit: Int) throws -> [QueuedPush]
    /// Who last leased the push of event `event`, even if the lease has run out; nil when it is
    /// not leased (queued, or rescheduled) or no longer queued.
    func pushLeaseOwner(event: Int64) throws -> String?
    /// The push senders' counters (`WriteTransaction.addToPushCounts`), and how many pushes are
    /// queued now.
    func pushCounts() throws -> PushCounts
    /// How many people are in the queue now.
    func waitingUserCount() throws -> Int
    /// The senders whose leases run past `now`, each once.
    func pushLeaseHolders(at now: Date) throws -> [String]
}

extension ReadTransaction {
    /// Every event of `uid` after event `id`, oldest first.
    public func events(of uid: UserID, after id: Int64) throws -> [UserEvent] {
        try events(of: uid, after: id, limit: .max)
    }
}
