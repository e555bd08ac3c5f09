import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Reports stay with the phone numbers on both sides (issue 49): withdrawing and registering
/// again neither resets a count nor lets anyone report twice, while a report still counts only
/// while its reporter has an account.
final class ReportsStayWithTheNumberTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var register: RegisterUserUseCase!
    private let clock = StoppedClock(testNow)

    override func setUp() {
        database = InMemoryDatabase()
        storage = InMemoryStorage(database)
        register = RegisterUserUseCase(storage: storage, clock: clock, ids: SequentialUserIDGenerator())
    }

    private func join(_ phone: String) throws -> UserID {
        try register(.stub(phone: phone)).uid
    }

    private func withdraw(_ uid: UserID) throws {
        try WithdrawUserUseCase(storage: storage, clock: clock)(me: uid)
    }

    private func report(_ reporter: UserID, _ reported: UserID) throws {
        _ = try ReportUserUseCase(storage: storage, clock: clock)(me: reporter, other: reported, reason: .rude, comment: nil)
    }

    /// `reporter` and `reported` meet, `reporter` reports, and both move on.
    private func meetAndReport(_ reporter: UserID, _ reported: UserID) throws {
        try storage.write { _ = try $0.insertMatch(reporter, reported, at: testNow) }
        try report(reporter, reported)
        try storage.write { transaction in
            for uid in [reporter, reported] { try transaction.leaveCurrentMatch(of: uid) }
        }
    }

    private func count(_ uid: UserID) throws -> Int? {
        try database.stored(uid)?.reportedCount
    }

    private func listed(by uid: UserID) throws -> [UserID] {
        try ShowUserUseCase(storage: storage).record(of: uid).reported
    }

    func testTwoReportsStayWithTheNumberAndTheThirdBars() throws {
        let reported = try join("010-4000-0001")
        for phone in ["010-4000-0011", "010-4000-0012"] { try meetAndReport(try join(phone), reported) }
        try withdraw(reported)
        let again = try register(.stub(phone: "010-4000-0001"))
        XCTAssertEqual(again.reportedCount, 2, "registering again starts with the count")
        XCTAssertEqual(try count(again.uid), 2)
        XCTAssertFalse(again.isBarredByReports)
        try meetAndReport(try join("010-4000-0013"), again.uid)
        XCTAssertEqual(try database.stored(again.uid)?.isBarredByReports, true)
    }

    func testWhoReportedANumberCannotReportItsNextAccount() throws {
        let reporter = try join("010-4000-0021"), reported = try join("010-4000-0022")
        try meetAndReport(reporter, reported)
        try withdraw(reported)
        let again = try join("010-4000-0022")
        XCTAssertThrowsDomainError(try report(reporter, again), .alreadyReported)
        XCTAssertEqual(try count(again), 1)
        XCTAssertEqual(try database.inspect { try $0.reportedUsers(by: reporter) }, [again], "they never meet again")
        XCTAssertEqual(try listed(by: reporter), [], "the new account is not one the reporter reported")
    }

    func testAReporterWhoWithdrawsStopsCountingUntilTheirNumberRegistersAgain() throws {
        let reported = try join("010-4000-0031")
        let leaving = try join("010-4000-0032"), staying = try join("010-4000-0033")
        try meetAndReport(leaving, reported)
        try meetAndReport(staying, reported)
        try withdraw(leaving)
        XCTAssertEqual(try count(reported), 1, "the reports of someone without an account do not count")
        let back = try join("010-4000-0032")
        XCTAssertEqual(try count(reported), 2)
        XCTAssertThrowsDomainError(try report(back, reported), .alreadyReported)
        XCTAssertEqual(try listed(by: back), [], "what the earlier account did is not the new one's record")
        XCTAssertEqual(try listed(by: staying), [reported])
    }

    func testBothSidesWithdrawnAndBackInEitherOrder() throws {
        for reporterFirst in [true, false] {
            setUp()
            let reporter = try join("010-4000-0041"), reported = try join("010-4000-0042")
            try meetAndReport(reporter, reported)
            try withdraw(reported)
            try withdraw(reporter)
            XCTAssertEqual(database.users, [:])
            let phones = reporterFirst ? ["010-4000-0041", "010-4000-0042"] : ["010-4000-0042", "010-4000-0041"]
            let joined = try phones.map(join)
            let (reporterAgain, reportedAgain) = reporterFirst ? (joined[0], joined[1]) : (joined[1], joined[0])
            XCTAssertEqual(try count(reportedAgain), 1, "reporter first: \(reporterFirst)")
            XCTAssertThrowsDomainError(try report(reporterAgain, reportedAgain), .alreadyReported)
        }
    }
}
