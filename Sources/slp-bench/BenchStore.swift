import SLPDomain

/// One backend as the benchmark drives it: its storage, what `slp --db` calls it, and the
/// few statements of its own dialect the benchmark needs to fill it fast.
protocol BenchStore {
    /// "SQLite" or "PostgreSQL", for the tables.
    var name: String { get }
    /// The `--db` argument of `slp` processes.
    var location: String { get }
    var storage: any Storage { get }
    var population: any PopulationRepository { get }

    /// The uids of everyone waiting who may be asked (searchable), in uid order: the bench asks them.
    func waitingUIDs() throws -> [UserID]
    /// Every current match as (match id, member uid's partner uid) per member, in (match, user) order.
    func matchMembers() throws -> [(match: Int64, partner: String)]
    /// Stores `count` messages in match `match`, alternating between the two partners, the
    /// first one `firstAt` plus 1 ms.
    func fill(match: Int64, count: Int, toA: String, toB: String, firstAt: Int64) throws
    /// How many messages are stored.
    func messageCount() throws -> Int
    /// For a server: ten new connections timed, and the clock offsets they measured; nil for a file.
    func connectionFigures() throws -> ConnectionFigures?
}
