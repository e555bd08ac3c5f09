/// What `slp serve --metrics` shows of the data: people waiting in the queue and the push
/// counts (`slp pushes`), in one read.
public struct ReadServiceCountsUseCase {
    public struct Counts: Equatable, Sendable {
        public let waitingUsers: Int
        public let pushes: PushCounts
    }

    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    public func callAsFunction() throws -> Counts {
        try storage.read { Counts(waitingUsers: try $0.waitingUserCount(), pushes: try $0.pushCounts()) }
    }
}
