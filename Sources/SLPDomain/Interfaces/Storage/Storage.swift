/// Where the service keeps everything, as one unit of work per use case: a use case asks for
/// one transaction, loads what it needs through the transaction's small operations, decides by
/// the rules, and writes the result. Storage decides nothing.
public protocol Storage: AnyObject {
    /// Runs `body` on one consistent snapshot: every operation in it sees the same committed state.
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T
    /// Runs `body` as one atomic write: all of it is stored, or none. A conflict with another
    /// process runs `body` again whole, so it must have no effect outside the transaction.
    func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T
    /// Runs `body` as one atomic write that takes queued work (`ReadTransaction.duePushes`) for
    /// one worker: the due rows it reads are its own until it ends, and rows another claim or
    /// write holds are passed over, not waited for or conflicted on. A store whose writes take
    /// turns runs it as `write`.
    func claim<T>(_ body: (any WriteTransaction) throws -> T) throws -> T
    /// `ReadTransaction.situation(of:)` asked on its own, in a look of its own: the question the
    /// apps ask most (`myQueueState`), which a server answers in one statement with no
    /// transaction around it.
    func situation(of uid: UserID) throws -> PartySnapshot?
    /// False when this process may only read (a read-only file): writes are refused.
    var acceptsWrites: Bool { get }
    /// A value that changes whenever another process commits a change; cheap to read often.
    func changeToken() throws -> Int64
    /// Returns the change token as soon as it differs from `token` (another process committed
    /// since it was read), or once `limit` has passed.
    nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64
}

extension Storage {
    public func claim<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try write(body)
    }

    public func situation(of uid: UserID) throws -> PartySnapshot? {
        try read { try $0.situation(of: uid) }
    }
}
