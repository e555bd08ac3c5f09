import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class MatchFeatureTests: XCTestCase {
    private var users: InMemoryUserRepository!
    private var queue: InMemoryQueueRepository!
    private var store: TestStore<MatchFeature>!
    private let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    private let here = try! Coordinate(latitude: 37.5, longitude: 127)

    override func setUp() async throws {
        let database = InMemoryDatabase()
        users = InMemoryUserRepository(database)
        try users.add(a)
        try users.add(b)
        queue = InMemoryQueueRepository(database)
        for user in [a, b] { _ = try queue.enter(user.uid, at: here, studies: .anything, now: testNow) { _ in } }
        let matches = InMemoryMatchRepository(database)
        let clock = StoppedClock(testNow)
        store = TestStore(
            MatchFeature(
                identify: IdentifyUserUseCase(users: users), request: RequestStudyUseCase(matches: matches, clock: clock),
                accept: AcceptStudyUseCase(matches: matches, clock: clock), dodge: DodgeMatchUseCase(matches: matches, clock: clock),
                review: ReviewPartnerUseCase(matches: matches, clock: clock), report: ReportUserUseCase(matches: matches, clock: clock),
                clock: clock),
            initialState: .init(), test: self)
    }

    func testMutualRequestsMatchThenADodgeIsPenalised() async {
        let bCard = MatchView.Partner(uid: b.uid, nick: b.nick)
        let aCard = MatchView.Partner(uid: a.uid, nick: a.nick)
        await store.send(.request(actingUser: "A", other: b.uid))
        let sent = MatchFeature.Outcome.requested(MatchOutcome(decision: .openRequest, partner: bCard))
        store.receive(.setOutcome(sent)) { $0.outcome = sent }

        await store.send(.request(actingUser: "B", other: a.uid))
        let matched = MatchFeature.Outcome.requested(MatchOutcome(decision: .match, partner: aCard))
        store.receive(.setOutcome(matched)) { $0.outcome = matched }

        await store.send(.dodge(actingUser: "A"))
        let dodged = MatchFeature.Outcome.dodged(partner: bCard, penaltySeconds: 60)
        store.receive(.setOutcome(dodged)) { $0.outcome = dodged }

        await store.send(.dodge(actingUser: "A"))
        let refused = Failure(DomainError.notPartner)
        store.receive(.setFailure(refused)) {
            $0.failure = refused
            $0.outcome = nil
        }

        let renderer = MatchRenderer(format: .json, failures: FailureRenderer(help: HelpFormatter(for: CommandTable.parser)))
        XCTAssertEqual(renderer.render(MatchFeature.State(outcome: dodged)).stdout, #"{"uid":"B","nick":"비","dodged":1,"dodgepenalty":60}"# + "\n")
        XCTAssertEqual(renderer.render(store.state).exitCode, .refused)
    }
}
