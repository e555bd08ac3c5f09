import Foundation
import SLPDomain
import XCTest

/// Three registered users over a `FakeMatchRepository`, and each match use case on a stopped clock.
class MatchUseCaseTestCase: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_795_253_400)
    var users: FakeUserRepository!
    var matches: FakeMatchRepository!
    var a: User!
    var b: User!
    var c: User!
    let ghost = try! UserID("Ghost")

    override func setUpWithError() throws {
        a = try User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
        b = try User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
        c = try User.stub(uid: "C", phone: "010-1000-0003", nick: "씨")
        users = FakeUserRepository([a, b, c])
        matches = FakeMatchRepository(users: users)
        matches.waiting = [a.uid, b.uid, c.uid]
    }

    var clock: FixedClock { FixedClock(now) }
    var request: RequestStudyUseCase { RequestStudyUseCase(matches: matches, clock: clock) }
    var accept: AcceptStudyUseCase { AcceptStudyUseCase(matches: matches, clock: clock) }
    var dodge: DodgeMatchUseCase { DodgeMatchUseCase(matches: matches, clock: clock) }
    var review: ReviewPartnerUseCase { ReviewPartnerUseCase(matches: matches, clock: clock) }
    var report: ReportUserUseCase { ReportUserUseCase(matches: matches, clock: clock) }
    var queueState: QueueStateUseCase { QueueStateUseCase(matches: matches) }

    func card(_ user: User) -> MatchView.Partner { .init(uid: user.uid, nick: user.nick) }

    /// The stored user now.
    func stored(_ user: User) -> User { users.usersByUID[user.uid]! }

    /// A and B matched through a request and an accept.
    func matchAB() throws {
        _ = try request(me: a.uid, other: b.uid)
        _ = try accept(me: b.uid, other: a.uid)
    }
}
