#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain
import SLPIdentity

/// The composition root: the only place that names concrete storage types and wires use cases.
@MainActor
final class Dependencies {
    let clock: any TimeProvider
    private let storage: any Storage
    private let population: any PopulationRepository
    /// The service's own secrets (the key of `slp token`), kept with its data.
    private let secrets: any SecretStore

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
            secrets = files
            population = SQLitePopulationRepository(database: database)
        case .server(let uri):
            #if PostgreSQL
            let database = try PGDatabase(uri: uri, creatingSchema: creates)
            clock = fixedClock ?? SystemTimeProvider(offset: database.serverClockOffset)
            let server = PGStorage(database: database)
            storage = server
            secrets = server
            population = PGPopulationRepository(database: database)
            #else
            // `DatabaseLocation` refuses a server URI in a build without PostgreSQL.
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL: \(location.display)")
            #endif
        }
    }

    var now: Date { clock.now }

    var registerUser: RegisterUserUseCase { RegisterUserUseCase(storage: storage, clock: clock) }
    var identifyUser: IdentifyUserUseCase { IdentifyUserUseCase(storage: storage) }
    var showUser: ShowUserUseCase { ShowUserUseCase(storage: storage) }
    var updateMyPage: UpdateMyPageUseCase { UpdateMyPageUseCase(storage: storage) }
    var withdrawUser: WithdrawUserUseCase { WithdrawUserUseCase(storage: storage) }
    var updatePushToken: UpdatePushTokenUseCase { UpdatePushTokenUseCase(storage: storage) }
    var enterQueue: EnterQueueUseCase { EnterQueueUseCase(storage: storage, clock: clock) }
    var leaveQueue: LeaveQueueUseCase { LeaveQueueUseCase(storage: storage) }
    var searchNearby: SearchNearbyUseCase { SearchNearbyUseCase(storage: storage, clock: clock) }
    var seedPopulation: SeedPopulationUseCase { SeedPopulationUseCase(population: population, clock: clock) }
    var queueState: QueueStateUseCase { QueueStateUseCase(storage: storage) }
    var requestStudy: RequestStudyUseCase { RequestStudyUseCase(storage: storage, clock: clock) }
    var acceptStudy: AcceptStudyUseCase { AcceptStudyUseCase(storage: storage, clock: clock) }
    var dodgeMatch: DodgeMatchUseCase { DodgeMatchUseCase(storage: storage, clock: clock) }
    var reviewPartner: ReviewPartnerUseCase { ReviewPartnerUseCase(storage: storage, clock: clock) }
    var reportUser: ReportUserUseCase { ReportUserUseCase(storage: storage, clock: clock) }
    var sendMessage: SendMessageUseCase { SendMessageUseCase(storage: storage, clock: clock) }
    var readMessages: ReadMessagesUseCase { ReadMessagesUseCase(storage: storage) }
    var followConversation: FollowConversationUseCase { FollowConversationUseCase(storage: storage) }
    var followEvents: FollowEventsUseCase { FollowEventsUseCase(storage: storage, clock: clock) }
    var buyItem: BuyItemUseCase { BuyItemUseCase(storage: storage) }
    var wearItems: WearItemsUseCase { WearItemsUseCase(storage: storage) }

    /// Tokens signed with this service's key; Firebase's checked against `firebase` when given.
    func tokens(firebase: FirebaseSettings? = nil) -> TokenService {
        TokenService(secrets: secrets, clock: clock, firebase: firebase)
    }

    // The screens, wired with their use cases.
    var chatFollowFeature: ChatFollowFeature { ChatFollowFeature(identify: identifyUser, read: readMessages, follow: followConversation) }
    var chatScreenFeature: ChatScreenFeature {
        ChatScreenFeature(identify: identifyUser, read: readMessages, send: sendMessage, follow: followConversation)
    }
    var eventsFeature: EventsFeature { EventsFeature(identify: identifyUser, follow: followEvents) }
    var queueWaitFeature: QueueWaitFeature {
        QueueWaitFeature(identify: identifyUser, enter: enterQueue, state: queueState, follow: followEvents)
    }
    var seedFeature: SeedFeature { SeedFeature(seed: seedPopulation) }
}
