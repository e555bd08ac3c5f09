/// The answer of `POST /queue/search`.
public struct SearchResult: Equatable, Sendable {
    /// Who searched.
    public let me: User
    /// The studies I wait for, if I wait: what the shared studies were found with.
    public let myStudies: StudyList?
    /// Where the search looked from: the point asked for, or my place in the queue.
    public let center: Coordinate
    /// Waiting users within the radius, nearest first.
    public let fromQueueDB: [NearbyUser]
    /// Waiting users whose request to me is still open, nearest first.
    public let fromQueueDBRequested: [NearbyUser]
    /// Up to five studies most common among the nearby users.
    public let fromRecommend: [String]

    public init(
        me: User, myStudies: StudyList?, center: Coordinate, fromQueueDB: [NearbyUser], fromQueueDBRequested: [NearbyUser],
        fromRecommend: [String]
    ) {
        self.me = me
        self.myStudies = myStudies
        self.center = center
        self.fromQueueDB = fromQueueDB
        self.fromQueueDBRequested = fromQueueDBRequested
        self.fromRecommend = fromRecommend
    }
}
