import SLPDomain

/// Searches of the queue, by the backend's own search (`QueueSearch`).
extension SQLTransaction {
    func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        let excluded = ExcludedUsers(try query.excluding.compactMap { try rowID($0) })
        return try search.nearby(query, excluded: excluded, in: connection)
    }

    func requesters(of uid: UserID, from center: Coordinate, positions: SearchPositions) throws -> [NearbyUser] {
        guard let id = try rowID(uid) else { return [] }
        return try search.requesters(of: id, from: center, positions: positions, in: connection)
    }
}
