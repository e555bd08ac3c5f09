import Foundation
import SLPDomain

/// An in-memory `SearchRepository` reading the waiting users of a `FakeQueueRepository`:
/// exact great-circle radius, nearest first (ties by uid), study filter, the query's criteria,
/// exclusions, limit.
final class FakeSearchRepository: SearchRepository {
    let queue: FakeQueueRepository
    /// Open requests, sender to receiver.
    var requests: [(from: UserID, to: UserID)] = []
    /// Reports, reporter to reported.
    var reports: [(reporter: UserID, reported: UserID)] = []
    /// Every query asked, in order.
    private(set) var queries: [NearbyQuery] = []

    init(queue: FakeQueueRepository) {
        self.queue = queue
    }

    /// The card of a waiting user, `distance` metres from a centre.
    static func card(_ user: User, _ entry: QueueEntry, distance: Double) -> NearbyUser {
        NearbyUser(
            uid: user.uid, nick: user.nick, coordinate: entry.coordinate, reputation: user.reputation, studies: entry.studies,
            reviews: user.comments, gender: user.gender, sesac: user.sesac, background: user.background, distance: distance)
    }

    /// True when a list is kept by a study filter: `anything` finds only those open to anything.
    static func matches(_ studies: StudyList, _ study: Study?) -> Bool {
        guard let study else { return true }
        return study == .anything ? studies.studies.contains(.anything) : studies.accepts(study)
    }

    func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        queries.append(query)
        var found: [NearbyUser] = []
        for entry in queue.entries.values.sorted(by: { $0.uid < $1.uid }) {
            guard !query.excluding.contains(entry.uid), let user = queue.users.usersByUID[entry.uid] else { continue }
            let distance = query.center.distance(to: entry.coordinate)
            guard distance <= query.radius, FakeSearchRepository.matches(entry.studies, query.study),
                  query.criteria.admits(user) else { continue }
            found.append(FakeSearchRepository.card(user, entry, distance: distance))
        }
        found.sort { ($0.distance, $0.uid) < ($1.distance, $1.uid) }
        return query.limit.map { Array(found.prefix($0)) } ?? found
    }

    func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser] {
        requests.filter { $0.to == uid }.compactMap { request in
            guard let entry = queue.entries[request.from], let user = queue.users.usersByUID[request.from] else { return nil }
            return FakeSearchRepository.card(user, entry, distance: center.distance(to: entry.coordinate))
        }
    }

    func reportedPartners(of uid: UserID) throws -> Set<UserID> {
        Set(reports.filter { $0.reporter == uid }.map(\.reported) + reports.filter { $0.reported == uid }.map(\.reporter))
    }
}
