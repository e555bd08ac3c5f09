/// The answer of `POST /queue/search`.
public struct SearchResult: Equatable, Sendable {
    /// Where the search looked from: the point asked for, or my place in the queue.
    public let center: Coordinate
    /// Waiting users within the radius, nearest first.
    public let fromQueueDB: [NearbyUser]
    /// Waiting users whose request to me is still open, nearest first.
    public let fromQueueDBRequested: [NearbyUser]
    /// Up to five studies most common among the nearby users.
    public let fromRecommend: [String]

    public init(center: Coordinate, fromQueueDB: [NearbyUser], fromQueueDBRequested: [NearbyUser], fromRecommend: [String]) {
        self.center = center
        self.fromQueueDB = fromQueueDB
        self.fromQueueDBRequested = fromQueueDBRequested
        self.fromRecommend = fromRecommend
    }
}
