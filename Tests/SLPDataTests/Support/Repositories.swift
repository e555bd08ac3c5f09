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
