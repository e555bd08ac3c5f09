#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPSupport

/// Finds waiting users near me (or a given point), with every exclusion of the SPEC:
/// never me, users not searchable, users I reported or who reported me, users outside my
/// age range or whose age range excludes me. Matched users are not in the queue at all.
/// Everything is read from one snapshot.
public struct SearchNearbyUseCase {
    /// How many studies `fromRecommend` suggests.
    public static let recommendations = 5

    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// The search of user `me`.
    public func callAsFunction(me: UserID, _ request: SearchRequest) throws -> SearchResult {
        let study = try validate(request)
        return try storage.read { transaction in
            guard let user = try transaction.user(me) else { throw DomainError.notRegistered }
            return try search(me: user, request, study: study, in: transaction)
        }
    }

    /// The request's values checked on their own; its study, if any. An empty (or blank) study
    /// is no study, as `queue --study ''` is none.
    private func validate(_ request: SearchRequest) throws -> Study? {
        guard request.radius.isFinite, request.radius >= 1, request.radius <= SearchRequest.maxRadius else {
            throw DomainError.invalid("invalid_radius", "the radius is 1 to \(Int(SearchRequest.maxRadius)) metres")
        }
        if let limit = request.limit, limit < 1 {
            throw DomainError.invalid("invalid_limit", "the limit is at least 1")
        }
        guard let study = request.study, !study.trimmingWhitespaceAndNewlines.isEmpty else { return nil }
        return try Study(study)
    }

    private func search(me: User, _ request: SearchRequest, study: Study?, in transaction: any ReadTransaction) throws -> SearchResult {
        let myEntry = try transaction.queueEntry(of: me.uid)
        guard let center = request.center ?? myEntry?.coordinate else {
            // Matched users have left the queue; they are told so rather than just "not waiting".
            throw try transaction.party(me.uid).isMatched ? DomainError.matchedNotSearching : DomainError.notSearching
        }
        let criteria = SearchCriteria(me: me, today: CalendarDate(utcDayOf: clock.now), gender: request.gender)
        let excluded = Set(try transaction.reportedUsers(by: me.uid)).union(try transaction.reporters(of: me.uid)).union([me.uid])
        var nearby = try transaction.nearby(NearbyQuery(
            center: center, radius: request.radius, study: study, criteria: criteria, excluding: excluded, limit: request.limit,
            positions: request.positions))
        var requested = try transaction.requesters(of: me.uid, from: center, positions: request.positions)
            .filter { !excluded.contains($0.uid) }
            .sorted(by: NearbyUser.isNearer)
        if let myStudies = myEntry?.studies {
            for index in nearby.indices { nearby[index].sharedStudies = nearby[index].studies.shared(with: myStudies) }
            for index in requested.indices { requested[index].sharedStudies = requested[index].studies.shared(with: myStudies) }
        }
        return SearchResult(
            me: me, myStudies: myEntry?.studies, center: center, fromQueueDB: nearby, fromQueueDBRequested: requested,
            fromRecommend: recommend(nearby))
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
