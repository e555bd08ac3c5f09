import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Three registered users waiting at one spot of an in-memory store, and each match use case
/// on a clock stopped at `now` (a test may move it on).
class MatchUseCaseTestCase: XCTestCase {
    var now = testNow
    let here = Coordinate.at(37.5665, 126.9780)
    var database: InMemoryDatabase!
    /// The storage the use cases run on; it has recorded no transaction of the set-up.
    var storage: InMemoryStorage!
    var a: User!
    var b: User!
    var c: User!
    let ghost = try! UserID("Ghost")

    override func setUpWithError() throws {
        a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
        b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
        c = User.stub(uid: "C", phone: "010-1000-0003", nick: "씨")
        database = InMemoryDatabase(users: [a, b, c])
        try InMemoryStorage(database).write { transaction in
            for user in [a!, b!, c!] { try transaction.putInQueue(.stub(user.uid.rawValue, at: here), of: user) }
        }
        storage = InMemoryStorage(database)
    }

    var clock: StoppedClock { StoppedClock(now) }
    var request: RequestStudyUseCase { RequestStudyUseCase(storage: storage, clock: clock) }
    var accept: AcceptStudyUseCase { AcceptStudyUseCase(storage: storage, clock: clock) }
    var dodge: DodgeMatchUseCase { DodgeMatchUseCase(storage: storage, clock: clock) }
    var review: ReviewPartnerUseCase { ReviewPartnerUseCase(storage: storage, clock: clock) }
    var report: ReportUserUseCase { ReportUserUseCase(storage: storage, clock: clock) }
    var queueState: QueueStateUseCase { QueueStateUseCase(storage: storage) }
    var enterQueue: EnterQueueUseCase { EnterQueueUseCase(storage: storage, clock: clock) }

    func card(_ user: User) -> MatchView.Partner { .init(uid: user.uid, nick: user.nick) }

    /// The stored user now, with their report count as storage counts it.
    func stored(_ user: User) throws -> User {
        try XCTUnwrap(try database.stored(user.uid), "\(user.uid) is not stored")
    }

    /// Changes the stored record of `user` with a plain storage update.
    func store(_ user: User, _ change: (inout User) -> Void) throws {
        try storage.write { transaction in
            guard var stored = try transaction.user(user.uid) else { return XCTFail("\(user.uid) is not stored") }
            change(&stored)
            try transaction.update(stored)
        }
    }

    /// Puts `user` in the queue at `coordinate` (here by default) with a plain storage operation,
    /// as their own `queue` command in another process would.
    func placeInQueue(_ user: User, at coordinate: Coordinate? = nil) throws {
        try storage.write { try $0.putInQueue(.stub(user.uid.rawValue, at: coordinate ?? here), of: user) }
    }

    /// Who is waiting now.
    var waiting: Set<UserID> { database.waiting }

    /// A and B matched through a request and an accept.
    func matchAB() throws {
        _ = try request(me: a.uid, other: b.uid)
        _ = try accept(me: b.uid, other: a.uid)
    }

    /// `x` and `y` made past partners through the use cases (only a partner may report): matched
    /// through a request and an accept, the match ended by `x`'s review, and both waiting here
    /// again through `slp queue`. Matching voided every open request from or to either.
    func meetAndPart(_ x: User, _ y: User) throws {
        _ = try request(me: x.uid, other: y.uid)
        _ = try accept(me: y.uid, other: x.uid)
        _ = try review(me: x.uid, partner: y.uid, titles: [.kind], comment: nil)
        for user in [x, y] { _ = try enterQueue(me: user.uid, latitude: here.latitude, longitude: here.longitude, studies: []) }
    }
}
