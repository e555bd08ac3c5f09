#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds waiting users near me (or a given point), with every exclusion of the SPEC:
/// never me, users not searchable, users I reported or who reported me, users outside my
/// age range or whose range excludes me. Matched users are not in the queue at all.
public struct SearchNearbyUseCase {
    /// How many studies `fromRecommend` suggests.
    public static let recommendations = 5

    private let search: any SearchRepository
    private let queue: any QueueRepository
    private let clock: any TimeProvider

    public init(search: any SearchRepository, queue: any QueueRepository, clock: any TimeProvider) {
        self.search = search
        self.queue = queue
        self.clock = clock
    }

    public func callAsFunction(me: User, _ request: SearchRequest) throws -> SearchResult {
        guard request.radius.isFinite, request.radius >= 1, request.radius <= SearchRequest.maxRadius else {
            throw DomainError.invalid("invalid_radius", "the radius is 1 to \(Int(SearchRequest.maxRadius)) metres")
        }
        if let limit = request.limit, limit < 1 {
            throw DomainError.invalid("invalid_limit", "the limit is at least 1")
        }
        let study = try request.study.map { try Study($0) }
        let myEntry = try queue.entry(for: me.uid)
        guard let center = request.center ?? myEntry?.coordinate else {
            throw DomainError.notSearching
        }
        let criteria = SearchCriteria(me: me, today: CalendarDate(utcDayOf: clock.now), gender: request.gender)
        let excluded = try search.reportedPartners(of: me.uid).union([me.uid])
        var nearby = try search.nearby(NearbyQuery(
            center: center, radius: request.radius, study: study, criteria: criteria, excluding: excluded, limit: request.limit))
        var requested = try search.requesters(of: me.uid, from: center)
            .filter { !excluded.contains($0.uid) }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.uid < $1.uid }
        if let myStudies = myEntry?.studies {
            for index in nearby.indices { nearby[index].sharedStudies = nearby[index].studies.shared(with: myStudies) }
            for index in requested.indices { requested[index].sharedStudies = requested[index].studies.shared(with: myStudies) }
        }
        return SearchResult(fromQueueDB: nearby, fromQueueDBRequested: requested, fromRecommend: recommend(nearby))
    }

    /// The most common studies among `users`, `anything` aside; ties go to the earlier key
    /// (case-insensitive, like every study comparison).
    private func recommend(_ users: [NearbyUser]) -> [String] {
        var tally = StudyTally()
        let anything = Study.anything
        for index in users.indices { tally.add(users[index].studies, except: anything) }
        return tally.mostCommon(SearchNearbyUseCase.recommendations).map(\.name)
    }
}
