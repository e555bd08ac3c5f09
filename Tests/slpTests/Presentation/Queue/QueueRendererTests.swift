import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// What the queue commands did, drawn for people and programs: where I wait, whether I left,
/// where I stand (general, waiting, matched with whom); a refusal drawn as everywhere.
final class QueueRendererTests: XCTestCase {
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)

    func testWhereIWaitAndWhetherILeft() throws {
        let entry = QueueEntry(uid: me.uid, coordinate: sydney, studies: try StudyList(parsing: ["swift", "알고리즘"]), enteredAt: testNow, shownCoordinate: sydney)
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).entered(entry).stdout, "Waiting at -33.87,151.21 for swift, 알고리즘.\n")
        XCTAssertEqual(QueueRenderer(format: .json).entered(entry).stdout,
                       #"{"uid":"ME","status":"waiting","lat":-33.87,"long":151.21,"studylist":["swift","알고리즘"],"enteredAt":"2026-11-21T09:30:00.000Z"}"# + "\n")
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).left(true).stdout, "Left the queue.\n")
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).left(false).stdout, "You were not in the queue.\n")
        XCTAssertEqual(QueueRenderer(format: .json).left(false).stdout, "{\"left\":false}\n")
    }

    func testWhereIStandGeneralWaitingThenMatched() throws {
        let storage = InMemoryStorage(InMemoryDatabase(users: [me, User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")]))
        let state = QueueStateUseCase(storage: storage)
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).status(try state(me: me.uid)).stdout, "status  general\n")
        _ = try EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow))(
            me: me.uid, latitude: -33.87, longitude: 151.21, studies: [])
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).status(try state(me: me.uid)).stdout,
                       "status   waiting\nat       -33.87,151.21\nstudies  anything\n")
        let other = try UserID("OTHER")
        _ = try EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow))(
            me: other, latitude: -33.87, longitude: 151.21, studies: [])
        _ = try RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: other, other: me.uid)
        _ = try AcceptStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid, other: other)
        let matched = try state(me: me.uid)
        XCTAssertEqual(QueueRenderer(format: .text(.plain)).status(matched).stdout, "status   matched\npartner  너 (OTHER)\nmatch    going on\n")
        XCTAssertEqual(QueueRenderer(format: .json).status(matched).stdout,
                       #"{"status":"matched","dodged":0,"matched":1,"reviewed":0,"matchedNick":"너","matchedUid":"OTHER"}"# + "\n")
    }

    func testARefusalIsDrawnWithItsSLPStatus() {
        let failure = Failure(DomainError.dodgePenalty(level: 2, secondsLeft: 120))
        XCTAssertEqual(failure.exitCode, .refused)
        XCTAssertEqual(FailureRenderer(help: HelpFormatter(for: CommandTable.parser)).render(failure, format: .json).stderr, """
            Error: dodge penalty (2): you can queue again in 120 s
            {"error":{"code":"dodge_penalty","status":204,"message":"dodge penalty (2): you can queue again in 120 s"}}

            """)
    }
}
