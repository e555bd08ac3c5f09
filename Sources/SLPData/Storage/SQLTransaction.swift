import SLPDomain

/// The storage operations of one transaction, in SQL written once for both backends, one file
/// per aggregate (`SQLTransaction+Users`, `+Queue`, `+Search`, `+Matches`, `+Chat`, `+Events`,
/// `+Sanctions`, `+Secrets`). What the backends store or write differently is the executor's
/// (`SQLExecutor`), and search is the backend's own (`QueueSearch`). Made for one transaction of
/// `SQLiteStorage` or `PGStorage`, and used only inside it.
final class SQLTransaction<Search: QueueSearch>: WriteTransaction {
    typealias Executor = Search.Executor

    let connection: Executor
    let search: Search
    /// Whether this transaction is a claim (`Storage.claim`): its selects of due rows take them.
    let claiming: Bool
    /// Users' row ids by uid, as looked up in this transaction.
    private var rowIDs: [UserID: Int64] = [:]

    init(_ connection: Executor, search: Search, claiming: Bool = false) {
        self.connection = connection
        self.search = search
        self.claiming = claiming
    }

    /// The row id of the user `uid`, or nil when there is no such user.
    func rowID(_ uid: UserID) throws -> Int64? {
        if let id = rowIDs[uid] { return id }
        let id = try connection.first("SELECT id FROM users WHERE uid = $1", [.text(uid.rawValue)]) { $0.int64("id") }
        rowIDs[uid] = id
        return id
    }

    /// Notes that the row of `uid` is `id`: read, inserted, or (nil) deleted in this transaction.
    func remember(_ id: Int64?, of uid: UserID) {
        rowIDs[uid] = id
    }
}
