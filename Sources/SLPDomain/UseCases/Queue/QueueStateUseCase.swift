/// `GET /queue/myQueueState`: general, waiting or matched, and how the match is going.
public struct QueueStateUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    public func callAsFunction(me: UserID) throws -> QueueState {
        guard let party = try storage.situation(of: me) else { throw DomainError.notRegistered }
        return QueueState(party)
    }
}
