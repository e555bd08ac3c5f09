import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// How SQLite stores matches: one `matches` row with a member row per side, the end time of the
/// first ending, reports with their reason, the partial unique index that makes a second
/// current match impossible, and the queue's copies of a profile. The behaviour itself:
/// `MatchStorageContractTests`.
final class SQLiteStorageMatchTests: MatchDatabaseTestCase {
    // MARK: Matching

    func testAMatchIsOneRowWithAMemberRowPerSide() throws {
        try waitingUsers("A", "B", "C", "D")
        try request("A", "B")
        try request("C", "A")
        try accept("B", "A")
        XCTAssertEqual(try count("matches"), 1)
        XCTAssertEqual(try rows("SELECT created_at, ended_at FROM matches", columns: 2), ["\(milliseconds(now))|∅"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|∅|0|1"])
    }

    func testMutualRequestsMakeOneMatchRow() throws {
        try waitingUsers("A", "B")
        try request("A", "B")
        try request("B", "A")
        XCTAssertEqual(try count("matches"), 1)
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|∅|0|1"])
    }

    func testRepeatingARequestKeepsOneRowWithTheFirstTime() throws {
        try waitingUsers("A", "B")
        try request("A", "B", at: now)
        let events = try count("events")
        XCTAssertEqual(try request("A", "B", at: now.addingTimeInterval(5)).decision, .requestAlreadyOpen)
        XCTAssertEqual(try rows("SELECT created_at FROM requests"), ["\(milliseconds(now))"], "asking again stores nothing anew")
        XCTAssertEqual(try count("events"), events, "and tells nobody again")
    }

    func testThePartialUniqueIndexRefusesASecondCurrentMatchEvenByHand() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        let a = try internalID("A"), c = try internalID("C")
        XCTAssertThrowsError(try database.write { connection in
            try connection.execute("INSERT INTO matches (created_at) VALUES (0)")
            try connection.execute("INSERT INTO match_members (match_id, user_id, partner_id, partner_uid) VALUES (last_insert_rowid(), \(a), \(c), 'C')")
        }) { error in
            let sqliteError = error as? SQLiteError
            XCTAssertEqual(sqliteError?.extendedCode, SQLiteError.constraintUnique, "\(error)")
        }
        XCTAssertEqual(try count("matches"), 1, "the failed transaction left nothing behind")
        XCTAssertEqual(try count("match_members"), 2)
        // The index only covers current rows: a past match may sit beside the current one.
        try database.write { connection in
            try connection.execute("INSERT INTO matches (created_at) VALUES (0)")
            try connection.execute(
                "INSERT INTO match_members (match_id, user_id, partner_id, partner_uid, is_current) VALUES (last_insert_rowid(), \(a), \(c), 'C', 0)")
        }
        XCTAssertEqual(try count("match_members"), 3)
        // And the rules refuse it too.
        XCTAssertThrowsError(try request("C", "A")) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
    }

    // MARK: Ending

    func testTheFirstDodgeDatesTheEndAndSetsThePenaltyColumns() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        let later = now.addingTimeInterval(30)
        try dodge("A", at: later)
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        XCTAssertEqual(
            try rows("SELECT dodge_num, dodge_penalty_until, penalty_event_due FROM users WHERE uid = 'A'", columns: 3),
            ["1|\(milliseconds(later.addingTimeInterval(60)))|\(milliseconds(later.addingTimeInterval(60)))"])
        try dodge("B", at: later.addingTimeInterval(10))
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        XCTAssertEqual(try rows("SELECT dodge_num, dodge_penalty_until, penalty_event_due FROM users WHERE uid = 'B'", columns: 3), ["0|∅|∅"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|dodged|0|0"])
    }

    func testMarkingAReviewAloneLeavesNoEndTime() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        try write { try $0.markReviewed(1, by: self.id("A")) }
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["∅"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|1|1", "1|B|A|A|∅|0|1"])
    }

    func testTheFirstReviewThatEndsDatesTheEndAndACommentIsARow() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        let later = now.addingTimeInterval(3_600)
        try review("B", "A", [.goodManners, .helpful], comment: "시간 약속을 잘 지켜요", at: later)
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        try review("A", "B", [.punctual], at: later.addingTimeInterval(60))
        XCTAssertEqual(try count("review_comments"), 1)
        XCTAssertEqual(try memberRows(), ["1|A|B|B|reviewed|1|0", "1|B|A|A|reviewed|1|0"])
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"], "the first ending dates the end")
    }

    func testAReviewReachesTheQueueDocumentAndItsStudyRows() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try dodge("A")
        try requeue("B")
        try review("A", "B", [.goodManners, .kind], comment: "친절해요")
        XCTAssertEqual(
            try rows("SELECT replace(card, char(30), '|') FROM queue WHERE uid = 'B'"), ["B|B|1,0,0,1,0,0|친절해요|0|0|anything"])
        // The study rows' copies of the document changed with it.
        XCTAssertEqual(try rows("""
            SELECT count(*) FROM queue_studies s JOIN queue q USING (cell, user_id)
            WHERE s.card IS NOT q.card OR s.traits IS NOT q.traits OR s.lat IS NOT q.lat OR s.long IS NOT q.long
            """), ["0"])
        XCTAssertEqual(try rows("SELECT replace(card, char(30), '|') FROM queue_studies WHERE user_id = (SELECT id FROM users WHERE uid = 'B')"),
                       ["B|B|1,0,0,1,0,0|친절해요|0|0|anything"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|1|0", "1|B|A|A|∅|0|0"])
    }

    // MARK: Reporting

    func testAReportIsARowWithItsReasonCommentAndTime() throws {
        try waitingUsers("A", "B", "C")
        try meetAndPart("A", "B")  // only a partner may report
        try report("A", "B", reason: .rude, comment: "말이 험해요")
        XCTAssertEqual(
            try rows("""
                SELECT r.uid, d.uid, reports.reason, reports.comment, reports.created_at FROM reports
                JOIN users r ON r.id = reporter_id JOIN users d ON d.id = reported_id
                """, columns: 5),
            ["A|B|rude|말이 험해요|\(milliseconds(now))"])
        // The count is the rows, not a column of its own.
        XCTAssertEqual(try integer("SELECT count(*) FROM pragma_table_info('users') WHERE name = 'reported_num'"), 0)
        XCTAssertEqual(try ["A", "B", "C"].map { try user($0)?.reportedCount }, [0, 1, 0])
    }

    func testAReportThatBarsTakesTheQueueRowAndItsStudyRows() throws {
        try waitingUsers("A", "B", "C", "X", "Y")
        // Only partners may report: B studied with each of X, Y and C in turn.
        for reporter in ["X", "Y", "C"] { try meetAndPart(reporter, "B") }
        try report("X", "B")
        try report("Y", "B")
        XCTAssertEqual(try count("queue_studies"), 5)
        try report("C", "B", reason: .other, comment: "")
        XCTAssertEqual(try queuedUIDs(), ["A", "C", "X", "Y"])
        XCTAssertEqual(try rows("SELECT comment FROM reports WHERE reporter_id = ?", [.integer(try internalID("C"))]), [""], "no comment is stored empty")
        XCTAssertEqual(try count("queue_studies"), 4, "the study rows went with the queue row")
    }

    // MARK: Atomicity

    private func state() throws -> [String] {
        try ["matches", "match_members", "requests", "reports", "queue", "queue_studies", "review_comments", "messages", "events"]
            .map { "\($0)=\(try count($0))" }
            + (try memberRows()) + (try requestRows()) + (try queuedUIDs())
            + (try rows("SELECT uid, dodge_num, dodge_penalty_until, penalty_event_due, rep_kind FROM users ORDER BY uid", columns: 5))
    }

    func testARefusedUseCaseLeavesEveryTableUnchanged() throws {
        try waitingUsers("A", "B", "C", "D")
        try request("C", "A")
        try match("A", "B")
        let before = try state()
        XCTAssertThrowsError(try request("C", "A"))
        XCTAssertThrowsError(try accept("C", "A"))
        XCTAssertThrowsError(try review("C", "D"))
        XCTAssertThrowsError(try accept("C", "D"))
        XCTAssertThrowsError(try dodge("C"))
        XCTAssertThrowsError(try send("C", "x"))
        XCTAssertEqual(try state(), before)
        XCTAssertFalse(database.isInTransaction)
    }

    func testAWriteThatFailsHalfWayIsRolledBackWhole() throws {
        try waitingUsers("A", "C")
        try register("B")
        try request("A", "C")
        let before = try state()
        XCTAssertThrowsError(try write { transaction in
            try transaction.removeFromQueue(self.id("A"))
            try transaction.deleteRequests(involving: self.id("A"))
            _ = try transaction.insertMatch(self.id("A"), self.id("C"), at: self.now)
            try transaction.end(1, for: self.id("A"), .dodged, at: self.now)
            _ = try transaction.insertMatch(self.id("A"), try UserID("Nobody"), at: self.now)
        })
        XCTAssertEqual(try state(), before)
        XCTAssertFalse(database.isInTransaction)
    }

    // MARK: Moving on

    func testANewMatchAfterTheLastEndedIsARowOfItsOwn() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try dodge("A")
        try requeue("B")
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|∅|0|0"])
        try match("B", "C")
        XCTAssertEqual(try count("matches"), 2)
    }

    func testThePairMatchedAgainHasASecondMatchRow() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try dodge("A")
        try requeue("A", at: now.addingTimeInterval(3_600))
        try requeue("B")
        try match("A", "B")
        XCTAssertEqual(try rows("SELECT count(*) FROM match_members WHERE is_current = 1"), ["2"])
        XCTAssertEqual(try memberRows().suffix(2), ["2|A|B|B|∅|0|1", "2|B|A|A|∅|0|1"])
    }

    func testAWithdrawnPartnerLeavesAMemberRowWithoutAPartnerID() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: id("B"))
        XCTAssertEqual(try memberRows(), ["1|A|∅|B|∅|0|1"])
        XCTAssertEqual(try rows("SELECT partner_id FROM match_members"), ["∅"])
    }
}
