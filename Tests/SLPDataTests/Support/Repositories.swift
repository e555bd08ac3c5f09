import SLPData
import SLPDomain

/// The seven repositories of one store, as the domain sees them: through its protocols only.
struct Repositories {
    let users: any UserRepository
    let queue: any QueueRepository
    let search: any SearchRepository
    let population: any PopulationRepository
    let matches: any MatchRepository
    let chats: any ChatRepository
    let events: any EventRepository
    /// The same store through a connection of its own, as another process would open it.
    let reconnect: () throws -> Repositories
}

extension Repositories {
    /// The SQLite repositories over `database`; `reconnect` opens the same file anew.
    init(sqlite database: Database) {
        let path = database.path
        self.init(
            users: SQLiteUserRepository(database: database), queue: SQLiteQueueRepository(database: database),
            search: SQLiteSearchRepository(database: database), population: SQLitePopulationRepository(database: database),
            matches: SQLiteMatchRepository(database: database), chats: SQLiteChatRepository(database: database),
            events: SQLiteEventRepository(database: database), reconnect: { Repositories(sqlite: try Database(path: path)) })
    }
}
