/// `slp pushes`: what the push senders did, and what waits in the outbox now.
public struct ReadPushCountsUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    public func callAsFunction() throws -> PushCounts {
        try storage.read { try $0.pushCounts() }
    }
}
