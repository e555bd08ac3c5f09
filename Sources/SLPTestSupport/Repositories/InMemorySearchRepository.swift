import SLPDomain

/// An in-memory `SearchRepository` over the waiting users of its database, with the contract
/// the SQLite search keeps: within the exact great-circle radius, listing the study asked for
/// (or `anything`), admitted by the query's criteria and not excluded; nearest first, equal
/// distances by uid, then the query's limit.
package final class InMemorySearchRepository: SearchRepository {
    package let database: InMemoryDatabase
    /// Every query asked of `nearby`, in order.
    package private(set) var queries: [NearbyQuery] = []

    package init(_ database: InMemoryDatabase) {
        self.database = database
    }

    /// The card of a waiting user, `distance` metres from a centre.
    private func card(_ user: User, _ entry: QueueEntry, distance: Double) -> NearbyUser {
        NearbyUser(
            uid: user.uid, nick: user.nick, coordinate: entry.coordinate, reputation: user.reputation, studies: entry.studies,
            reviews: user.comments, gender: user.gender, sesac: user.sesac, background: user.background, distance: distance)
    }

    package func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        queries.append(query)
        var found: [NearbyUser] = []
        for entry in database.queue.values {
            guard !query.excluding.contains(entry.uid), let user = database.users[entry.uid] else { continue }
            let distance = query.center.distance(to: entry.coordinate)
            // `accepts(.anything)` keeps exactly the lists open to anything.
            guard distance <= query.radius, query.study.map(entry.studies.accepts) ?? true, query.criteria.admits(user) else { continue }
            found.append(card(user, entry, distance: distance))
        }
        found.sort { ($0.distance, $0.uid) < ($1.distance, $1.uid) }
        return query.limit.map { Array(found.prefix($0)) } ?? found
    }

    package func requesters(of uid: UserID, from center: Coordinate) throws -> [NearbyUser] {
        database.requests.filter { $0.to == uid }.map(\.from).sorted().compactMap { from in
            guard let entry = database.queue[from], let user = database.users[from] else { return nil }
            return card(user, entry, distance: center.distance(to: entry.coordinate))
        }
    }

    package func reportedPartners(of uid: UserID) throws -> Set<UserID> {
        Set(database.reports.compactMap { $0.from == uid ? $0.to : $0.to == uid ? $0.from : nil })
    }
}
