import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class MatchFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var store: TestStore<MatchFeature>!
    private let a = User.stub(uid: "A", phone: "010-1111-1111", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-2222-2222", nick: "비")
    private let here = try! Coordinate(latitude: 37.5, longitude: 127)
    private var aCard: MatchView.Partner { MatchView.Partner(uid: a.uid, nick: a.nick) }
    private var bCard: MatchView.Partner { MatchView.Partner(uid: b.uid, nick: b.nick) }

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [a, b]))
        try storage.write { [a, b, here] transaction in
            for user in [a, b] {
                try transaction.putInQueue(QueueEntry(uid: user.uid, coordinate: here, studies: .anything, enteredAt: testNow, displacement: .stub), of: user)
            }
        }
        let clock = StoppedClock(testNow)
        store = TestStore(
            MatchFeature(
                identify: IdentifyUserUseCase(storage: storage), request: RequestStudyUseCase(storage: storage, clock: clock),
                accept: AcceptStudyUseCase(storage: storage, clock: clock), dodge: DodgeMatchUseCase(storage: storage, clock: clock),
                review: ReviewPartnerUseCase(storage: storage, clock: clock), report: ReportUserUseCase(storage: storage, clock: clock),
                clock: clock),
            initialState: .init(), test: self)
    }

    func testMutualRequestsMatchThenADodgeIsPenalised() async {
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
        // `not_partner`, worded for a command that names no user.
        let refused = Failure(code: "not_partner", status: 201, message: "you have no current match to cancel", exitCode: .refused)
        store.receive(.setFailure(refused)) {
            $0.failure = refused
            $0.outcome = nil
        }

        let renderer = MatchRenderer(format: .json, failures: FailureRenderer(help: HelpFormatter(for: CommandTable.parser)))
        XCTAssertEqual(renderer.render(MatchFeature.State(outcome: dodged)).stdout, #"{"uid":"B","nick":"비","dodged":1,"dodgepenalty":60}"# + "\n")
        XCTAssertEqual(renderer.render(store.state).exitCode, .refused)
    }

    func testAcceptThenReviewInTitleOrderOnceThenReport() async throws {
        await store.send(.request(actingUser: "B", other: a.uid))
        let asked = MatchFeature.Outcome.requested(MatchOutcome(decision: .openRequest, partner: aCard))
        store.receive(.setOutcome(asked)) { $0.outcome = asked }

        await store.send(.accept(actingUser: "010-1111-1111", other: b.uid))
        let accepted = MatchFeature.Outcome.accepted(MatchOutcome(decision: .match, partner: bCard))
        store.receive(.setOutcome(accepted)) { $0.outcome = accepted }

        // The titles come back in SLP's order, whatever order the set holds them in.
        await store.send(.review(actingUser: "A", partner: b.uid, titles: [.helpful, .goodManners], comment: "고마워요"))
        let reviewed = MatchFeature.Outcome.reviewed(bCard, titles: [.goodManners, .helpful])
        store.receive(.setOutcome(reviewed)) { $0.outcome = reviewed }
        XCTAssertEqual(storage.database.users[b.uid]?.comments, ["고마워요"])

        await store.send(.review(actingUser: "A", partner: b.uid, titles: [.kind], comment: nil))
        let again = Failure(DomainError.alreadyReviewed)
        store.receive(.setFailure(again)) {
            $0.failure = again
            $0.outcome = nil
        }

        await store.send(.report(actingUser: "B", other: a.uid, reason: .rude, comment: nil))
        let reported = MatchFeature.Outcome.reported(aCard)
        store.receive(.setOutcome(reported)) {
            $0.outcome = reported
            $0.failure = nil
        }
        XCTAssertEqual(storage.database.reports, [ReportRow(from: b.uid, to: a.uid, reason: .rude, comment: nil)])
    }
}
