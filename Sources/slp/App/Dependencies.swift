#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPData
import SLPDomain

/// The composition root: the only place that names concrete storage types and wires use cases.
@MainActor
final class Dependencies {
    let clock: any TimeProvider
    private let users: any UserRepository
    private let queue: any QueueRepository
    private let search: any SearchRepository
    private let population: any PopulationRepository
    private let matches: any MatchRepository
    private let chats: any ChatRepository
    private let events: any EventRepository

    /// The repositories over the storage at `location`, opened (and created) now. Times come
    /// from `fixedClock` when given, else from the wall clock of the machine that holds the
    /// data: this one for a file, the server for PostgreSQL (one clock for every host).
    init(location: StorageLocation, fixedClock: (any TimeProvider)?) throws {
        switch location {
        case .file(let path):
            let database = try Database(path: path)
            clock = fixedClock ?? SystemTimeProvider()
            users = SQLiteUserRepository(database: database)
            queue = SQLiteQueueRepository(database: database)
            search = SQLiteSearchRepository(database: database)
            population = SQLitePopulationRepository(database: database)
            matches = SQLiteMatchRepository(database: database)
            chats = SQLiteChatRepository(database: database)
            events = SQLiteEventRepository(database: database)
        case .server(let uri):
            #if PostgreSQL
            let database = try PGDatabase(uri: uri)
            clock = fixedClock ?? SystemTimeProvider(offset: database.serverClockOffset)
            users = PGUserRepository(database: database)
            queue = PGQueueRepository(database: database)
            search = PGSearchRepository(database: database)
            population = PGPopulationRepository(database: database)
            matches = PGMatchRepository(database: database)
            chats = PGChatRepository(database: database)
            events = PGEventRepository(database: database)
            #else
            // `DatabaseLocation` refuses a server URI in a build without PostgreSQL.
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL: \(location.display)")
            #endif
        }
    }

    var now: Date { clock.now }

    var registerUser: RegisterUserUseCase { RegisterUserUseCase(users: users, clock: clock) }
    var identifyUser: IdentifyUserUseCase { IdentifyUserUseCase(users: users) }
    var showUser: ShowUserUseCase { ShowUserUseCase(users: users) }
    var updateMyPage: UpdateMyPageUseCase { UpdateMyPageUseCase(users: users) }
    var withdrawUser: WithdrawUserUseCase { WithdrawUserUseCase(users: users) }
    var enterQueue: EnterQueueUseCase { EnterQueueUseCase(queue: queue, clock: clock) }
    var leaveQueue: LeaveQueueUseCase { LeaveQueueUseCase(queue: queue) }
    var queueEntry: QueueEntryUseCase { QueueEntryUseCase(queue: queue) }
    var searchNearby: SearchNearbyUseCase { SearchNearbyUseCase(search: search, queue: queue, clock: clock) }
    var seedPopulation: SeedPopulationUseCase { SeedPopulationUseCase(population: population, clock: clock) }
    var queueState: QueueStateUseCase { QueueStateUseCase(matches: matches) }
    var requestStudy: RequestStudyUseCase { RequestStudyUseCase(matches: matches, clock: clock) }
    var acceptStudy: AcceptStudyUseCase { AcceptStudyUseCase(matches: matches, clock: clock) }
    var dodgeMatch: DodgeMatchUseCase { DodgeMatchUseCase(matches: matches, clock: clock) }
    var reviewPartner: ReviewPartnerUseCase { ReviewPartnerUseCase(matches: matches, clock: clock) }
    var reportUser: ReportUserUseCase { ReportUserUseCase(matches: matches, clock: clock) }
    var sendMessage: SendMessageUseCase { SendMessageUseCase(chats: chats, clock: clock) }
    var readMessages: ReadMessagesUseCase { ReadMessagesUseCase(chats: chats) }
    var followConversation: FollowConversationUseCase { FollowConversationUseCase(chats: chats) }
    var followEvents: FollowEventsUseCase { FollowEventsUseCase(events: events, clock: clock) }
    var buyItem: BuyItemUseCase { BuyItemUseCase(users: users) }
    var wearItems: WearItemsUseCase { WearItemsUseCase(users: users) }

    // The screens, wired with their use cases.
    var registerFeature: RegisterFeature { RegisterFeature(register: registerUser) }
    var userFeature: UserFeature {
        UserFeature(identify: identifyUser, show: showUser, update: updateMyPage, withdraw: withdrawUser)
    }
    var queueFeature: QueueFeature {
        QueueFeature(identify: identifyUser, enter: enterQueue, leave: leaveQueue, state: queueState)
    }
    var searchFeature: SearchFeature { SearchFeature(identify: identifyUser, search: searchNearby) }
    var mapFeature: MapFeature { MapFeature(identify: identifyUser, search: searchNearby, queueEntry: queueEntry) }
    var matchFeature: MatchFeature {
        MatchFeature(
            identify: identifyUser, request: requestStudy, accept: acceptStudy, dodge: dodgeMatch, review: reviewPartner,
            report: reportUser, clock: clock)
    }
    var chatFeature: ChatFeature { ChatFeature(identify: identifyUser, send: sendMessage, read: readMessages) }
    var chatFollowFeature: ChatFollowFeature { ChatFollowFeature(identify: identifyUser, follow: followConversation) }
    var chatScreenFeature: ChatScreenFeature {
        ChatScreenFeature(identify: identifyUser, read: readMessages, send: sendMessage, follow: followConversation)
    }
    var shopFeature: ShopFeature { ShopFeature(identify: identifyUser, show: showUser, buy: buyItem, wear: wearItems) }
    var eventsFeature: EventsFeature { EventsFeature(identify: identifyUser, follow: followEvents) }
    var queueWaitFeature: QueueWaitFeature {
        QueueWaitFeature(identify: identifyUser, enter: enterQueue, state: queueState, follow: followEvents)
    }
    var seedFeature: SeedFeature { SeedFeature(seed: seedPopulation) }
}
