import Foundation
import SLPDomain

/// The tables of one slp store, kept in memory: plain rows, no rule of their own. An
/// `InMemoryStorage` reads and writes them through transactions; tests may look at them, and
/// set them up through `InMemoryStorage.write` with the same storage operations use cases use.
package final class InMemoryDatabase {
    /// Registered users by uid; `reportedCount` is not kept here but counted from `reports`.
    package var users: [UserID: User] = [:]
    /// Waiting places by uid.
    package var queue: [UserID: QueueEntry] = [:]
    /// Open study requests.
    package var requests: Set<RequestRow> = []
    /// Reports, oldest first.
    package var reports: [ReportRow] = []
    /// Matches, oldest first: a match's id is its position plus one.
    package var matches: [MatchRow] = []
    /// Each conversation's messages by match id, oldest first.
    package var messages: [Int64: [ChatMessage]] = [:]
    /// Events by recipient, oldest first; ids count up across everyone.
    package var events: [UserID: [UserEvent]] = [:]
    /// The last event id given out.
    package var lastEventID: Int64 = 0
    /// When each user's penalty end is due to be told.
    package var penaltyNoticeDue: [UserID: Date] = [:]
    /// The push outbox by event id.
    package var pushes: [Int64: PushRow] = [:]
    /// The push senders' counters (`pending` unused: counted from `pushes`).
    package var pushCounts = PushCounts()
    /// Sanctions kept for withdrawn accounts, by phone number (the SQL backends key them by a
    /// keyed hash of it).
    package var sanctions: [PhoneNumber: Sanctions] = [:]
    /// How many synthetic people seeding has drawn.
    package var seeded = 0
    /// Moves on every commit.
    package var changeToken: Int64 = 0

    /// A database holding `users` (distinct uids and phones), nobody waiting and no match.
    package init(users: [User] = []) {
        for user in users {
            precondition(self.users[user.uid] == nil && !self.users.values.contains { $0.phone == user.phone }, "two test users share a uid or phone")
            self.users[user.uid] = user
        }
    }

    /// Every table at once, to put back when a transaction fails.
    typealias Tables = (
        users: [UserID: User], queue: [UserID: QueueEntry], requests: Set<RequestRow>, reports: [ReportRow], matches: [MatchRow],
        messages: [Int64: [ChatMessage]], events: [UserID: [UserEvent]], lastEventID: Int64, penaltyNoticeDue: [UserID: Date],
        sanctions: [PhoneNumber: Sanctions], seeded: Int, pushes: [Int64: PushRow], pushCounts: PushCounts)

    var tables: Tables {
        get { (users, queue, requests, reports, matches, messages, events, lastEventID, penaltyNoticeDue, sanctions, seeded, pushes, pushCounts) }
        set {
            (users, queue, requests, reports, matches, messages, events, lastEventID, penaltyNoticeDue, sanctions, seeded, pushes, pushCounts) =
                newValue
        }
    }
}
