import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Three registered, waiting users in one in-memory database, and each match use case on a stopped clock.
class MatchUseCaseTestCase: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_795_253_400)
    let here = Coordinate.at(37.5665, 126.9780)
    var database: InMemoryDatabase!
    var users: InMemoryUserRepository!
    var matches: InMemoryMatchRepository!
    var a: User!
    var b: User!
    var c: User!
    let ghost = try! UserID("Ghost")

    override func setUpWithError() throws {
        a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
        b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
        c = User.stub(uid: "C", phone: "010-1000-0003", nick: "씨")
        database = InMemoryDatabase(users: [a, b, c])
        for user in [a!, b!, c!] { placeInQueue(user) }
        users = InMemoryUserRepository(database)
        matches = InMemoryMatchRepository(database)
    }

    var clock: StoppedClock { StoppedClock(now) }
    var request: RequestStudyUseCase { RequestStudyUseCase(matches: matches, clock: clock) }
    var accept: AcceptStudyUseCase { AcceptStudyUseCase(matches: matches, clock: clock) }
    var dodge: DodgeMatchUseCase { DodgeMatchUseCase(matches: matches, clock: clock) }
    var review: ReviewPartnerUseCase { ReviewPartnerUseCase(matches: matches, clock: clock) }
    var report: ReportUserUseCase { ReportUserUseCase(matches: matches, clock: clock) }
    var queueState: QueueStateUseCase { QueueStateUseCase(matches: matches) }

    func card(_ user: User) -> MatchView.Partner { .init(uid: user.uid, nick: user.nick) }

    /// The stored user now.
    func stored(_ user: User) -> User { database.users[user.uid]! }

    /// Puts `user` in the queue, as their own `queue` command in another process would.
    func placeInQueue(_ user: User) {
        database.place(.stub(user.uid.rawValue, at: here))
    }

    /// Who is waiting now.
    var waiting: Set<UserID> { Set(database.queue.keys) }

    /// A and B matched through a request and an accept.
    func matchAB() throws {
        _ = try request(me: a.uid, other: b.uid)
        _ = try accept(me: b.uid, other: a.uid)
    }
}
