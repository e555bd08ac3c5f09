import SLPDomain

/// Search of the queue as one backend stores it for the query, over a connection of its own kind.
protocol QueueSearch {
    associatedtype Executor: SQLExecutor
    /// `ReadTransaction.nearby`; `excluded` holds the row ids of the users the query excludes.
    func nearby(_ query: NearbyQuery, excluded: ExcludedUsers, in connection: Executor) throws -> [NearbyUser]
    /// The waiting users with an open request to the user of row `id`, placed as `positions`
    /// says, with distances from `center`.
    func requesters(of id: Int64, from center: Coordinate, positions: SearchPositions, in connection: Executor) throws -> [NearbyUser]
}
