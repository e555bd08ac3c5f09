import Foundation
import SLPDomain

/// An in-memory `QueueRepository` over a `FakeUserRepository`, with the SQLite contract:
/// `check` sees the stored user and a refusal stores nothing; unknown users are `notRegistered`.
final class FakeQueueRepository: QueueRepository {
    let users: FakeUserRepository
    private(set) var entries: [UserID: QueueEntry] = [:]
    /// Every method call, in order, to check that a use case did not touch storage.
    private(set) var calls: [String] = []
    /// Current matches to report in snapshots, as another process would have made them.
    var currentMatches: [UserID: MatchView] = [:]

    init(users: FakeUserRepository) {
        self.users = users
    }

    /// Puts a user in the queue directly, as another process would have.
    func place(_ entry: QueueEntry) {
        precondition(users.usersByUID[entry.uid] != nil, "placing an unknown user in a test")
        entries[entry.uid] = entry
    }

    private func snapshot(_ user: User) -> PartySnapshot {
        PartySnapshot(user: user, isWaiting: entries[user.uid] != nil, current: currentMatches[user.uid], latest: currentMatches[user.uid])
    }

    func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void) throws -> QueueEntry {
        calls.append("enter")
        guard let user = users.usersByUID[uid] else { throw DomainError.notRegistered }
        try check(snapshot(user))
        currentMatches[uid] = nil
        let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
        entries[uid] = entry
        return entry
    }

    func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool {
        calls.append("leave")
        guard let user = users.usersByUID[uid] else { throw DomainError.notRegistered }
        try check(snapshot(user))
        return entries.removeValue(forKey: uid) != nil
    }

    func entry(for uid: UserID) throws -> QueueEntry? {
        calls.append("entry")
        return entries[uid]
    }
}
