
/// `GET /queue/myQueueState`: general, waiting or matched, and how the match is going.
public struct QueueStateUseCase {
    private let matches: any MatchRepository

    public init(matches: any MatchRepository) {
        self.matches = matches
    }

    public func callAsFunction(me: UserID) throws -> QueueState {
        QueueState(try matches.snapshot(of: me))
    }
}
