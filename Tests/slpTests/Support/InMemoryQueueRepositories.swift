import Foundation
import SLPDomain

/// The queue kept in memory over an `InMemoryUserRepository`, with the repository's contract:
/// `check` runs on the stored user and a refusal stores nothing.
final class InMemoryQueueRepository: QueueRepository {
    let users: InMemoryUserRepository
    private(set) var entries: [UserID: QueueEntry] = [:]

    init(users: InMemoryUserRepository) {
        self.users = users
    }

    func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void) throws -> QueueEntry {
        guard let user = try users.user(uid: uid) else { throw DomainError.notRegistered }
        try check(PartySnapshot(user: user, isWaiting: entries[uid] != nil, current: nil, latest: nil))
        let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
        entries[uid] = entry
        return entry
    }

    func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool {
        guard let user = try users.user(uid: uid) else { throw DomainError.notRegistered }
        try check(PartySnapshot(user: user, isWaiting: entries[uid] != nil, current: nil, latest: nil))
        return entries.removeValue(forKey: uid) != nil
    }

    func entry(for uid: UserID) throws -> QueueEntry? { entries[uid] }
}

/// Search by scanning the in-memory queue: radius, study, exclusions, `admits`, nearest first.
final class InMemorySearchRepository: SearchRepository {
    let queue: InMemoryQueueRepository
    var requests: [(from: UserID, to: UserID)] = []

    init(queue: InMemoryQueueRepository) {
        self.queue = queue
    }

    private func card(_ user: User, _ entry: QueueEntry, from center: Coordinate) -> NearbyUser {
        NearbyUser(
            uid: user.uid, nick: user.nick, coordinate: entry.coordinate, reputation: user.reputation, studies: entry.studies,
            reviews: user.comments, gender: user.gender, sesac: user.sesac, background: user.background,
            distance: center.distance(to: entry.coordinate))
    }

    func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        let found = try queue.entries.values.compactMap { entry -> NearbyUser? in
            guard !query.excluding.contains(entry.uid), let user = try queue.users.user(uid: entry.uid),
                  query.center.distance(to: entry.coordinate) <= query.radius,
                  query.study.map({ entry.studies.accepts($0) }) ?? true,
                  query.criteria.admits(user) else { return nil }
            return card(user, entry, from: query.center)
        }.sorted { ($0.distance, $0.uid) < ($1.distance, $1.uid) }
        return query.limit.map { Array(found.prefix($0)) } ?? found
    }

    func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser] {
        try requests.filter { $0.to == uid }.compactMap { request in
            guard let entry = queue.entries[request.from], let user = try queue.users.user(uid: request.from) else { return nil }
            return card(user, entry, from: center)
        }
    }

    func reportedPartners(of uid: UserID) throws -> Set<UserID> { [] }
}

/// Seeded people kept in memory.
final class InMemoryPopulationRepository: PopulationRepository {
    private(set) var added: [WaitingUser] = []
    /// Thrown by the next `addWaiting`, if set.
    var failure: (any Error)?

    func seededCount() throws -> Int { added.count }

    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        let users = (0..<count).map { _ in next() }
        if let failure { throw failure }
        added += users
        return users.count
    }
}
