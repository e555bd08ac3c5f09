#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain
import SLPIdentity

/// The composition root: the only place that names concrete storage types. A command or an
/// endpoint builds its use case over `storage` and `clock`; the screens are wired here.
@MainActor
final class Dependencies {
    let clock: any TimeProvider
    let storage: any Storage
    private let population: any PopulationRepository
    /// The service's own secrets (the key of `slp token`), kept with its data; read once each.
    private let secrets: KeptSecrets

    /// The storage at `location`, opened now; created (with slp's schema) only when `creates`, and
    /// then with its directories only at the default location. Times come from `fixedClock` when
    /// given, else from the wall clock of the machine that holds the data: this one for a file,
    /// the server for PostgreSQL (one clock for every host).
    init(location: StorageLocation, fixedClock: (any TimeProvider)?, creates: Bool) throws {
        switch location {
        case .file(let path, let isDefault):
            let creation: DatabaseCreation = creates ? (isDefault ? .fileAndDirectories : .file) : .none
            let database = try Database(path: path, creation: creation)
            clock = fixedClock ?? SystemTimeProvider()
            let files = SQLiteStorage(database: database)
            storage = files
            secrets = KeptSecrets(files)
            population = SQLitePopulationRepository(database: database)
        case .server(let uri):
            #if PostgreSQL
            let database = try PGDatabase(uri: uri, creatingSchema: creates)
            clock = fixedClock ?? SystemTimeProvider(offset: database.serverClockOffset)
            let server = PGStorage(database: database)
            storage = server
            secrets = KeptSecrets(server)
            population = PGPopulationRepository(database: database)
            #else
            // `DatabaseLocation` refuses a server URI in a build without PostgreSQL.
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL: \(location.display)")
            #endif
        }
    }

    var now: Date { clock.now }

    /// Tokens signed with this service's key; Firebase's checked against `firebase` when given.
    func tokens(firebase: FirebaseSettings? = nil) -> TokenService {
        TokenService(secrets: secrets, clock: clock, firebase: firebase)
    }

    // The screens, wired with their use cases.
    var chatFollowFeature: ChatFollowFeature {
        ChatFollowFeature(identify: IdentifyUserUseCase(storage: storage), follow: FollowConversationUseCase(storage: storage))
    }
    var chatScreenFeature: ChatScreenFeature {
        ChatScreenFeature(
            identify: IdentifyUserUseCase(storage: storage), read: ReadMessagesUseCase(storage: storage),
            send: SendMessageUseCase(storage: storage, clock: clock), follow: FollowConversationUseCase(storage: storage))
    }
    var eventsFeature: EventsFeature { eventsFeature(page: nil) }
    /// Events told at most `page` a look (the API's pages).
    func eventsFeature(page: Int?) -> EventsFeature {
        EventsFeature(identify: IdentifyUserUseCase(storage: storage), follow: FollowEventsUseCase(storage: storage, clock: clock, page: page))
    }
    var queueWaitFeature: QueueWaitFeature {
        QueueWaitFeature(
            identify: IdentifyUserUseCase(storage: storage), enter: EnterQueueUseCase(storage: storage, clock: clock),
            state: QueueStateUseCase(storage: storage), follow: FollowEventsUseCase(storage: storage, clock: clock))
    }
    var seedFeature: SeedFeature { SeedFeature(seed: SeedPopulationUseCase(population: population, clock: clock)) }
}
