import SLPDomain
import SLPTestSupport

extension InMemoryDatabase {
    /// Reads what is stored now in a transaction of its own, as another process would: the
    /// storage a use case runs on does not record it.
    func inspect<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try InMemoryStorage(self).read(body)
    }

    /// The stored user now, with their report count as storage counts it; nil once withdrawn.
    func stored(_ uid: UserID) throws -> User? {
        try inspect { try $0.user(uid) }
    }

    /// The latest match of `uid`, as they see it now.
    func latestMatch(of uid: UserID) throws -> MatchView? {
        try inspect { try $0.latestMatch(of: uid, with: nil) }
    }

    /// The current match of `uid` (on, or ended by the partner and not yet left behind).
    func currentMatch(of uid: UserID) throws -> MatchView? {
        try latestMatch(of: uid).flatMap { $0.isCurrent ? $0 : nil }
    }

    /// Who waits in the queue now.
    var waiting: Set<UserID> { Set(queue.keys) }

    /// The kinds of the events kept for `uid`, oldest first.
    func eventKinds(of uid: UserID) -> [UserEventKind] {
        (events[uid] ?? []).map(\.kind)
    }
}
