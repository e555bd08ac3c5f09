/// Whether a push sender has something to claim now: a look that writes nothing. A sender
/// claims (a write) only after it, since on PostgreSQL every commit wakes every listener, the
/// sender's own too: claiming on every wake would wake it again for ever.
public struct CheckPushesDueUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction() throws -> Bool {
        let now = clock.now
        return try storage.read { try !$0.duePushes(by: now, limit: 1).isEmpty }
    }
}
