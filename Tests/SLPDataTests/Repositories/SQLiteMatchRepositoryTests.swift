import Foundation
import SLPData
import SLPDomain
import XCTest

final class SQLiteMatchRepositoryTests: MatchDatabaseTestCase {
    // MARK: Matching

    func testRequestThenAcceptMakesOneMatchAndClearsBothUsersRequestsAndQueue() throws {
        try waitingUsers("A", "B", "C", "D")
        try request("A", "B")
        try request("C", "A")
        try request("A", "D")
        try request("B", "C")
        try request("D", "C")
        XCTAssertEqual(try requestRows(), ["A→B", "A→D", "B→C", "C→A", "D→C"])

        let pair = try accept("B", "A")
        XCTAssertEqual(pair.other.user.uid, id("A"))
        XCTAssertTrue(pair.requestFromOther)
        XCTAssertEqual(try count("matches"), 1)
        XCTAssertEqual(try rows("SELECT created_at, ended_at FROM matches", columns: 2), ["\(milliseconds(now))|∅"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try queuedUIDs(), ["C", "D"])
        XCTAssertEqual(try requestRows(), ["D→C"], "every open request to or from either is dropped, and only theirs")

        let a = try matches.snapshot(of: id("A")), b = try matches.snapshot(of: id("B"))
        XCTAssertFalse(a.isWaiting)
        XCTAssertTrue(a.isMatched && b.isMatched)
        XCTAssertEqual(a.current, MatchView(
            partnerUID: id("B"), partner: .init(uid: id("B"), nick: try Nick("B")), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now))
        XCTAssertEqual(b.current?.partner?.uid, id("A"))
        XCTAssertEqual(b.current?.startedAt, a.current?.startedAt)
        XCTAssertEqual(a.latest, a.current)
    }

    func testMutualRequestsMatchAtOnce() throws {
        try waitingUsers("A", "B")
        var decisions: [PairDecision] = []
        let rule = { (pair: PairSnapshot) throws -> PairDecision in
            let decision = try MatchRules.request(pair)
            decisions.append(decision)
            return decision
        }
        _ = try matches.decide(id("A"), id("B"), at: now, rule)
        XCTAssertEqual(try requestRows(), ["A→B"])
        let second = try matches.decide(id("B"), id("A"), at: now, rule)
        XCTAssertEqual(decisions, [.openRequest, .match])
        XCTAssertTrue(second.requestFromOther)
        XCTAssertEqual(try count("matches"), 1)
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try queuedUIDs(), [])
        XCTAssertEqual(try requestRows(), [])
    }

    func testRepeatingARequestKeepsOneRowWithTheNewTime() throws {
        try waitingUsers("A", "B")
        try request("A", "B", at: now)
        try request("A", "B", at: now.addingTimeInterval(5))
        XCTAssertEqual(try rows("SELECT created_at FROM requests"), ["\(milliseconds(now.addingTimeInterval(5)))"])
    }

    func testAnUnknownOtherIsUserNotFoundAndAnUnknownMeIsNotRegistered() throws {
        try waitingUsers("A")
        XCTAssertThrowsError(try request("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
        XCTAssertThrowsError(try request("Nobody", "A")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        XCTAssertThrowsError(try matches.snapshot(of: id("Nobody"))) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        XCTAssertThrowsError(try dodge("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
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

    // MARK: Dodging

    func testDodgeEndsMyPartSetsTheEndTimeAndThePenalty() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        let later = now.addingTimeInterval(30)
        let (decision, view) = try dodge("A", at: later)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 1, penaltyUntil: later.addingTimeInterval(60)))
        XCTAssertEqual(view.partner?.uid, id("B"))
        XCTAssertTrue(view.isActive, "the match as it was before I left it")
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        XCTAssertEqual(
            try rows("SELECT dodge_num, dodge_penalty_until FROM users WHERE uid = 'A'", columns: 2),
            ["1|\(milliseconds(later.addingTimeInterval(60)))"])
        XCTAssertEqual(try users.user(uid: id("A"))?.dodgePenaltyUntil, later.addingTimeInterval(60))

        let b = try matches.snapshot(of: id("B"))
        XCTAssertEqual(b.current?.partnerEnding, .dodged)
        XCTAssertFalse(b.isMatched)
        let a = try matches.snapshot(of: id("A"))
        XCTAssertNil(a.current)
        XCTAssertEqual(a.latest?.myEnding, .dodged)

        // The partner leaving afterwards is free and keeps the first end time.
        let (free, _) = try dodge("B", at: later.addingTimeInterval(10))
        XCTAssertEqual(free, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        XCTAssertEqual(try rows("SELECT dodge_num, dodge_penalty_until FROM users WHERE uid = 'B'", columns: 2), ["0|∅"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|dodged|0|0"])
    }

    func testAPenaltyIsOnlyWrittenWhenTheDecisionHasOne() throws {
        try waitingUsers("A", "B", "C", "D")
        let earlier = now.addingTimeInterval(-600)
        _ = try users.update(uid: id("A")) { $0.dodgePenaltyUntil = earlier; $0.dodgeCount = 3 }
        try match("A", "B")
        try match("C", "D")
        _ = try matches.dodge(id("A"), at: now) { _ in DodgeDecision(dodgeCount: 7, penaltyUntil: nil) }
        _ = try matches.dodge(id("C"), at: now) { _ in DodgeDecision(dodgeCount: 2, penaltyUntil: nil) }
        XCTAssertEqual(
            try rows("SELECT uid, dodge_num, dodge_penalty_until FROM users WHERE uid IN ('A', 'C') ORDER BY uid", columns: 3),
            ["A|7|\(milliseconds(earlier))", "C|2|∅"])
        XCTAssertEqual(try memberRows().filter { $0.contains("dodged") }, ["1|A|B|B|dodged|0|0", "2|C|D|D|dodged|0|0"])
    }

    func testDodgeWithoutAMatchIsNotPartner() throws {
        try waitingUsers("A")
        XCTAssertThrowsError(try dodge("A")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
        XCTAssertEqual(try rows("SELECT dodge_num, dodge_penalty_until FROM users", columns: 2), ["0|∅"])
    }

    // MARK: Reviewing

    func testReviewAddsToThePartnerEndsMyMatchAndResetsMyDodges() throws {
        try waitingUsers("A", "B")
        _ = try users.update(uid: id("B")) { $0.dodgeCount = 2 }
        try match("A", "B")
        let later = now.addingTimeInterval(3_600)
        try review("B", "A", [.goodManners, .helpful], comment: "시간 약속을 잘 지켜요", at: later)
        XCTAssertEqual(try users.user(uid: id("A"))?.reputation.counts, [1, 0, 0, 0, 0, 1])
        XCTAssertEqual(try users.user(uid: id("A"))?.comments, ["시간 약속을 잘 지켜요"])
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|reviewed|1|0"])
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"])
        XCTAssertEqual(try users.user(uid: id("B"))?.dodgeCount, 0)
        XCTAssertEqual(try matches.snapshot(of: id("A")).current?.partnerEnding, .reviewed)

        // The partner reviews back; no comment adds no comment row.
        try review("A", "B", [.punctual])
        XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 1, 0, 0, 0, 0])
        XCTAssertEqual(try count("review_comments"), 1)
        XCTAssertEqual(try memberRows(), ["1|A|B|B|reviewed|1|0", "1|B|A|A|reviewed|1|0"])
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["\(milliseconds(later))"], "the first ending dates the end")
        XCTAssertThrowsError(try review("A", "B")) { XCTAssertEqual($0 as? DomainError, .alreadyReviewed) }
    }

    func testReviewEndsAndResetsOnlyWhenTheDecisionSaysSo() throws {
        try waitingUsers("A", "B")
        _ = try users.update(uid: id("A")) { $0.dodgeCount = 2 }
        try match("A", "B")
        _ = try matches.decide(id("A"), id("B"), at: now) { _ in
            .review(titles: [.skilled], comment: nil, endsMyMatch: false, resetsMyDodges: false)
        }
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|1|1", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 2)
        XCTAssertEqual(try rows("SELECT ended_at FROM matches"), ["∅"])
        XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 0, 0, 0, 1, 0])

        _ = try matches.decide(id("A"), id("B"), at: now) { _ in
            .review(titles: [.kind], comment: nil, endsMyMatch: true, resetsMyDodges: false)
        }
        XCTAssertEqual(try memberRows(), ["1|A|B|B|reviewed|1|0", "1|B|A|A|∅|0|1"])
        XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 2)

        _ = try matches.decide(id("A"), id("B"), at: now) { _ in
            .review(titles: [.quickReply], comment: nil, endsMyMatch: false, resetsMyDodges: true)
        }
        XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 0)
        XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 0, 1, 1, 1, 0])
    }

    func testAReviewReachesTheQueueDocumentOfAWaitingPartner() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try dodge("A")
        try enterChecked("B")
        XCTAssertEqual(try queuedUIDs(), ["B", "C"])
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
        let found = try nearby(here, radius: 100, excluding: ["C"])
        XCTAssertEqual(found.map(\.uid.rawValue), ["B"])
        XCTAssertEqual(found.first?.reviews, ["친절해요"])
        XCTAssertEqual(found.first?.reputation.counts, [1, 0, 0, 1, 0, 0])
        // My match was over already (I dodged): reviewing marks it reviewed and changes nothing else.
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|1|0", "1|B|A|A|∅|0|0"])
        XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 1)
    }

    // MARK: Reporting

    func testReportRecordsCountsAndVoidsRequestsBetweenThePair() throws {
        try waitingUsers("A", "B", "C")
        try request("A", "B")
        _ = try matches.decide(id("B"), id("A"), at: now) { _ in .openRequest }
        try request("B", "C")
        try request("C", "A")
        XCTAssertEqual(try requestRows(), ["A→B", "B→A", "B→C", "C→A"])

        _ = try matches.decide(id("A"), id("B"), at: now) { try MatchRules.report($0, reason: .rude, comment: "말이 험해요") }
        XCTAssertEqual(
            try rows("""
                SELECT r.uid, d.uid, reports.reason, reports.comment, reports.created_at FROM reports
                JOIN users r ON r.id = reporter_id JOIN users d ON d.id = reported_id
                """, columns: 5),
            ["A|B|rude|말이 험해요|\(milliseconds(now))"])
        XCTAssertEqual(try rows("SELECT uid, reported_num FROM users ORDER BY uid", columns: 2), ["A|0", "B|1", "C|0"])
        XCTAssertEqual(try requestRows(), ["B→C", "C→A"])
        XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"], "one report does not bar anyone")
        XCTAssertThrowsError(try matches.decide(id("A"), id("B"), at: now) { try MatchRules.report($0, reason: .rude, comment: nil) }) {
            XCTAssertEqual($0 as? DomainError, .alreadyReported)
        }
        XCTAssertEqual(try rows("SELECT reported_num FROM users WHERE uid = 'B'"), ["1"])
    }

    func testAReportThatBarsTakesTheUserOutOfTheQueue() throws {
        try waitingUsers("A", "B", "C")
        _ = try matches.decide(id("C"), id("B"), at: now) { _ in .report(reason: .other, comment: nil, barsFromQueue: true) }
        XCTAssertEqual(try queuedUIDs(), ["A", "C"])
        XCTAssertEqual(try rows("SELECT comment FROM reports"), [""], "no comment is stored empty")
        XCTAssertEqual(try count("queue_studies"), 2, "the study rows went with the queue row")
    }

    func testTheThirdReportThroughTheRulesBars() throws {
        try waitingUsers("A", "B", "C", "D")
        for reporter in ["A", "B", "C"] {
            XCTAssertEqual(try queuedUIDs().contains("D"), true)
            _ = try matches.decide(id(reporter), id("D"), at: now) { try MatchRules.report($0, reason: .abuse, comment: nil) }
        }
        XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"])
        XCTAssertEqual(try rows("SELECT reported_num FROM users WHERE uid = 'D'"), ["3"])
    }

    // MARK: Atomicity

    private func state() throws -> [String] {
        try ["matches", "match_members", "requests", "reports", "queue", "queue_studies", "review_comments"].map { "\($0)=\(try count($0))" }
            + (try memberRows()) + (try requestRows()) + (try queuedUIDs())
            + (try rows("SELECT uid, reported_num, dodge_num, dodge_penalty_until, rep_kind FROM users ORDER BY uid", columns: 5))
    }

    func testARuleThatThrowsLeavesTheDatabaseUnchanged() throws {
        try waitingUsers("A", "B", "C", "D")
        try request("C", "A")
        try match("A", "B")
        let before = try state()
        var seen: PairSnapshot?
        XCTAssertThrowsError(try matches.decide(id("C"), id("A"), at: now) { pair in
            seen = pair
            throw PlannedFailure()
        }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
        XCTAssertEqual(seen?.me.isWaiting, true)
        XCTAssertEqual(seen?.other.isMatched, true)
        XCTAssertThrowsError(try matches.dodge(id("A"), at: now) { _ in throw PlannedFailure() })
        XCTAssertThrowsError(try review("C", "D")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
        XCTAssertThrowsError(try accept("C", "D")) { XCTAssertEqual($0 as? DomainError, .noRequest) }
        XCTAssertEqual(try state(), before)
    }

    func testADecisionThatFailsHalfWayIsRolledBackWhole() throws {
        try waitingUsers("A", "C")
        try register("B")
        try request("A", "C")
        let before = try state()
        // Matching someone who is not waiting breaks an invariant after my own queue row is gone.
        XCTAssertThrowsError(try matches.decide(id("A"), id("B"), at: now) { _ in .match })
        XCTAssertEqual(try state(), before)
        XCTAssertEqual(try queuedUIDs(), ["A", "C"])
    }

    // MARK: Moving on

    func testEnteringTheQueueAfterMyPartnerDodgedLeavesTheMatchBehind() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        XCTAssertThrowsError(try enterChecked("B")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched(status: 201)) }
        XCTAssertEqual(try memberRows(), ["1|A|B|B|∅|0|1", "1|B|A|A|∅|0|1"])
        try dodge("A")
        let b = try matches.snapshot(of: id("B"))
        XCTAssertEqual(b.current?.partnerEnding, .dodged)
        try enterChecked("B")
        XCTAssertEqual(try memberRows(), ["1|A|B|B|dodged|0|0", "1|B|A|A|∅|0|0"])
        let after = try matches.snapshot(of: id("B"))
        XCTAssertTrue(after.isWaiting)
        XCTAssertNil(after.current)
        XCTAssertEqual(after.latest?.partner?.uid, id("A"), "the just-ended match can still be reviewed")
        XCTAssertEqual(after.latest?.isCurrent, false)
        // And a new match is possible.
        try match("B", "C")
        XCTAssertEqual(try matches.snapshot(of: id("B")).current?.partner?.uid, id("C"))
        XCTAssertEqual(try count("matches"), 2)
    }

    func testThePairCanMatchAgainOnceBothMovedOn() throws {
        try waitingUsers("A", "B", "C")
        try match("A", "B")
        try dodge("A")
        XCTAssertThrowsError(try enterChecked("A")) { XCTAssertEqual($0 as? DomainError, .dodgePenalty(level: 1, secondsLeft: 60)) }
        try enterChecked("A", at: now.addingTimeInterval(3_600))
        try enterChecked("B")
        try match("A", "B")
        XCTAssertEqual(try rows("SELECT count(*) FROM match_members WHERE is_current = 1"), ["2"])
        XCTAssertEqual(try memberRows().suffix(2), ["2|A|B|B|∅|0|1", "2|B|A|A|∅|0|1"])
    }

    func testAWithdrawnPartnerLeavesMeAMatchThatCountsAsDodged() throws {
        try waitingUsers("A", "B")
        try match("A", "B")
        XCTAssertTrue(try users.remove(uid: id("B")))
        XCTAssertEqual(try memberRows(), ["1|A|∅|B|∅|0|1"])
        XCTAssertEqual(try rows("SELECT partner_id FROM match_members"), ["∅"])
        let a = try matches.snapshot(of: id("A"))
        let current = try XCTUnwrap(a.current)
        XCTAssertNil(current.partner)
        XCTAssertEqual(current.partnerEnding, .dodged)
        XCTAssertFalse(a.isMatched)
        XCTAssertEqual(QueueState(a).dodged, true)
        XCTAssertEqual(QueueState(a).partnerUID, id("B"), "the match still names the partner")
        XCTAssertNil(QueueState(a).partner)
        // Leaving it is free, and I may queue again.
        XCTAssertEqual(try dodge("A").0, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
        try enterChecked("A")
        XCTAssertEqual(try queuedUIDs(), ["A"])
    }

    // MARK: Whom I judged

    func testMyRecordListsWhomIReviewedAndReportedAndForgetsWithdrawnUsers() throws {
        try waitingUsers("A", "B", "C", "D")
        try match("A", "B")
        try review("A", "B", [.kind])
        try review("B", "A", [.punctual])
        _ = try matches.decide(id("A"), id("D"), at: now) { try MatchRules.report($0, reason: .rude, comment: nil) }
        _ = try matches.decide(id("C"), id("A"), at: now) { try MatchRules.report($0, reason: .other, comment: nil) }
        _ = try matches.decide(id("A"), id("C"), at: now.addingTimeInterval(1)) { try MatchRules.report($0, reason: .abuse, comment: nil) }
        let a = try XCTUnwrap(try users.record(uid: id("A")))
        XCTAssertEqual(a.user, try users.user(uid: id("A")))
        XCTAssertEqual(a.reviewed, [id("B")])
        XCTAssertEqual(a.reported, [id("D"), id("C")], "in the order I reported them")
        XCTAssertEqual(try users.record(uid: id("C"))?.reported, [id("A")], "never who reported me")
        XCTAssertEqual(try users.record(uid: id("D"))?.reported, [])

        XCTAssertTrue(try users.remove(uid: id("B")))
        XCTAssertTrue(try users.remove(uid: id("D")))
        XCTAssertEqual(try users.record(uid: id("A")).map { [$0.reviewed, $0.reported] }, [[], [id("C")]])
        XCTAssertNil(try users.record(uid: id("B")))
    }
}
