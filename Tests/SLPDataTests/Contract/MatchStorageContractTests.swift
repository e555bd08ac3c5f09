import Foundation
import SLPDomain
import XCTest

final class MatchStorageContractTests: StorageContractTestCase {
    // MARK: Matching

    func testRequestThenAcceptMakesOneMatchAndClearsBothUsersRequestsAndQueue() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            XCTAssertEqual(try request("A", "B").decision, .openRequest)
            try request("C", "A")
            try request("A", "D")
            try request("B", "C")
            try request("D", "C")
            XCTAssertEqual(try requestRows(), ["A→B", "A→D", "B→C", "C→A", "D→C"])

            let outcome = try accept("B", "A")
            XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: .init(uid: id("A"), nick: try Nick("A"))))
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            XCTAssertEqual(try queuedUIDs(), ["C", "D"])
            XCTAssertEqual(try requestRows(), ["D→C"], "every open request to or from either is dropped, and only theirs")

            let a = try XCTUnwrap(try latest("A")), b = try XCTUnwrap(try latest("B"))
            XCTAssertEqual(try queueState("A").status, .matched)
            XCTAssertEqual(try queueState("B").status, .matched)
            XCTAssertEqual(a, MatchView(
                id: b.id, partnerUID: id("B"), partner: .init(uid: id("B"), nick: try Nick("B")), myEnding: nil, partnerEnding: nil,
                iReviewed: false, isCurrent: true, startedAt: now))
            XCTAssertEqual(b.partner?.uid, id("A"))
            XCTAssertEqual(b.startedAt, a.startedAt)
            XCTAssertEqual(try read { try $0.match(a.id, of: self.id("A")) }, a)
            XCTAssertEqual(try read { try $0.match(a.id, of: self.id("B")) }, b)
            XCTAssertNil(try read { try $0.match(a.id, of: self.id("C")) }, "not a member")
            XCTAssertEqual(try latest("A", with: "B"), a)
            XCTAssertNil(try latest("A", with: "C"))
        }
    }

    func testMutualRequestsMatchAtOnce() {
        forEachBackend {
            try waitingUsers("A", "B")
            XCTAssertEqual(try request("A", "B").decision, .openRequest)
            XCTAssertEqual(try requestRows(), ["A→B"])
            let second = try request("B", "A")
            XCTAssertEqual(second, MatchOutcome(decision: .match, partner: .init(uid: id("A"), nick: try Nick("A"))))
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            XCTAssertEqual(try queuedUIDs(), [])
            XCTAssertEqual(try requestRows(), [])
        }
    }

    func testRepeatingARequestKeepsOneRequest() {
        forEachBackend {
            try waitingUsers("A", "B")
            try request("A", "B", at: now)
            try request("A", "B", at: now.addingTimeInterval(5))
            XCTAssertEqual(try requestRows(), ["A→B"])
            XCTAssertEqual(uids(try requesters(of: "B", from: here)), ["A"])
            // The API's search shows the one who asked where it shows them.
            let shown = try XCTUnwrap(try read { try $0.queueEntry(of: self.id("A")) }).shownCoordinate
            XCTAssertEqual(try requesters(of: "B", from: here, positions: .shown).map(\.coordinate), [shown])
            XCTAssertEqual(try requesters(of: "B", from: here, positions: .shown).map(\.distance), [here.distance(to: shown)])
        }
    }

    func testRequestsNeedBothWaitingAndNoReportBetweenThem() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try register("Idle")
            XCTAssertThrowsError(try request("Idle", "A")) { XCTAssertEqual($0 as? DomainError, .notSearching) }
            XCTAssertThrowsError(try request("A", "Idle")) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
            XCTAssertThrowsError(try accept("A", "B")) { XCTAssertEqual($0 as? DomainError, .noRequest) }
            try meetAndPart("C", "A")  // only a partner may report
            try report("C", "A")
            XCTAssertThrowsError(try request("A", "C")) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
            XCTAssertThrowsError(try request("C", "A")) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
            try match("A", "B")
            XCTAssertThrowsError(try request("A", "C")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched) }
            XCTAssertThrowsError(try accept("C", "A")) { XCTAssertEqual($0 as? DomainError, .otherMatched) }
            XCTAssertEqual(try requestRows(), [])
            XCTAssertEqual(try queuedUIDs(), ["C"])
        }
    }

    func testAnUnknownOtherAndAnUnknownMeAreRefused() {
        forEachBackend {
            try waitingUsers("A")
            XCTAssertThrowsError(try request("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
            XCTAssertThrowsError(try accept("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
            XCTAssertThrowsError(try review("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertThrowsError(try report("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
            XCTAssertThrowsError(try request("Nobody", "A")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertThrowsError(try queueState("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertThrowsError(try dodge("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            // Storage itself cannot match someone who does not exist.
            XCTAssertThrowsError(try write { try $0.insertMatch(self.id("A"), self.id("Nobody"), at: self.now) }) {
                XCTAssertEqual($0 as? DomainError, .userNotFound)
            }
            XCTAssertNil(try latest("A"))
            XCTAssertEqual(try queuedUIDs(), ["A"])
        }
    }

    // MARK: Dodging

    func testDodgeEndsMyPartAndSetsThePenalty() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let later = now.addingTimeInterval(30)
            let (decision, view) = try dodge("A", at: later)
            XCTAssertEqual(decision, DodgeDecision(dodgeCount: 1, penaltyUntil: later.addingTimeInterval(60)))
            XCTAssertEqual(view.partner?.uid, id("B"))
            XCTAssertTrue(view.isActive, "the match as it was before I left it")
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|0|0", "B|A|A|∅|0|1"])
            XCTAssertEqual(try user("A")?.dodgeCount, 1)
            XCTAssertEqual(try user("A")?.dodgePenaltyUntil, later.addingTimeInterval(60))
            XCTAssertEqual(try read { try $0.penaltyNoticeDue(of: self.id("A")) }, later.addingTimeInterval(60))

            let b = try XCTUnwrap(try latest("B"))
            XCTAssertEqual(b.partnerEnding, .dodged)
            XCTAssertFalse(b.isActive)
            XCTAssertEqual(try queueState("B").status, .matched)
            XCTAssertEqual(try queueState("B").dodged, true)
            let a = try XCTUnwrap(try latest("A"))
            XCTAssertFalse(a.isCurrent)
            XCTAssertEqual(a.myEnding, .dodged)
            XCTAssertEqual(try queueState("A").status, .general)

            // The partner leaving afterwards is free.
            let (free, _) = try dodge("B", at: later.addingTimeInterval(10))
            XCTAssertEqual(free, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
            XCTAssertEqual(try user("B")?.dodgeCount, 0)
            XCTAssertNil(try user("B")?.dodgePenaltyUntil)
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: self.id("B")) })
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|0|0", "B|A|A|dodged|0|0"])
        }
    }

    /// The penalty grows 1, 2, 3 minutes with each consecutive dodge, stays at 3 after that,
    /// and a match finished with a review starts the count again.
    func testDodgePenaltiesGrowOneTwoThreeMinutesAndAReviewedMatchResetsThem() {
        forEachBackend {
            try waitingUsers("A", "B")
            var time = now
            for (dodges, minutes) in [(1, 1), (2, 2), (3, 3), (4, 3)] {
                try match("A", "B", at: time)
                let (decision, _) = try dodge("A", at: time)
                let until = time.addingTimeInterval(Double(minutes * 60))
                XCTAssertEqual(decision, DodgeDecision(dodgeCount: dodges, penaltyUntil: until), "dodge \(dodges)")
                XCTAssertEqual(try user("A")?.dodgeCount, dodges)
                XCTAssertEqual(try user("A")?.dodgePenaltyUntil, until)
                XCTAssertThrowsError(try requeue("A", at: until.addingTimeInterval(-1))) {
                    XCTAssertEqual($0 as? DomainError, .dodgePenalty(level: min(dodges, 3), secondsLeft: 1))
                }
                time = until
                try requeue("A", at: time)
                try requeue("B", at: time)
            }
            XCTAssertEqual(try user("B")?.dodgeCount, 0, "the partner left behind is not penalised")
            // A match that I finish with a review resets my count.
            try match("A", "B", at: time)
            try review("A", "B", at: time)
            XCTAssertEqual(try user("A")?.dodgeCount, 0)
            try requeue("A", at: time)
            try dodge("B", at: time)
            try requeue("B", at: time.addingTimeInterval(60))
            time = time.addingTimeInterval(60)
            try match("A", "B", at: time)
            XCTAssertEqual(try dodge("A", at: time).0, DodgeDecision(dodgeCount: 1, penaltyUntil: time.addingTimeInterval(60)))
        }
    }

    /// A dodge whose partner left first gives no penalty: the stored one stays as it was, and so
    /// does the count.
    func testAPenaltyIsOnlyWrittenWhenTheDodgeHasOne() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            let earlier = now.addingTimeInterval(-600)
            try change("A") { $0.dodgePenaltyUntil = earlier; $0.dodgeCount = 3 }
            try change("C") { $0.dodgeCount = 1 }
            try match("A", "B")
            try match("C", "D")
            try dodge("B")
            XCTAssertEqual(try dodge("A").0, DodgeDecision(dodgeCount: 3, penaltyUntil: nil))
            XCTAssertEqual(try dodge("C").0, DodgeDecision(dodgeCount: 2, penaltyUntil: now.addingTimeInterval(120)))
            XCTAssertEqual(try user("A")?.dodgeCount, 3)
            XCTAssertEqual(try user("A")?.dodgePenaltyUntil, earlier)
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: self.id("A")) })
            XCTAssertEqual(try user("C")?.dodgeCount, 2)
            XCTAssertEqual(try user("C")?.dodgePenaltyUntil, now.addingTimeInterval(120))
            XCTAssertEqual(try latestMatchRows().filter { $0.contains("dodged") }, ["A|B|B|dodged|0|0", "B|A|A|dodged|0|0", "C|D|D|dodged|0|0"])
        }
    }

    func testDodgeWithoutAMatchIsNotPartner() {
        forEachBackend {
            try waitingUsers("A")
            XCTAssertThrowsError(try dodge("A")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertEqual(try user("A")?.dodgeCount, 0)
            XCTAssertNil(try user("A")?.dodgePenaltyUntil)
        }
    }

    // MARK: Reviewing

    func testReviewAddsToThePartnerEndsMyMatchAndResetsMyDodges() {
        forEachBackend {
            try waitingUsers("A", "B")
            try change("B") { $0.dodgeCount = 2 }
            try match("A", "B")
            let later = now.addingTimeInterval(3_600)
            let reviewed = try review("B", "A", [.goodManners, .helpful], comment: "시간 약속을 잘 지켜요", at: later)
            XCTAssertEqual(reviewed, .init(uid: id("A"), nick: try Nick("A")))
            XCTAssertEqual(try user("A")?.reputation.counts, [1, 0, 0, 0, 0, 1])
            XCTAssertEqual(try user("A")?.comments, ["시간 약속을 잘 지켜요"])
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|reviewed|1|0"])
            XCTAssertEqual(try user("B")?.dodgeCount, 0)
            XCTAssertEqual(try latest("A")?.partnerEnding, .reviewed)
            XCTAssertEqual(try queueState("A").reviewed, true)

            // The partner reviews back; no comment adds no comment.
            try review("A", "B", [.punctual])
            XCTAssertEqual(try user("B")?.reputation.counts, [0, 1, 0, 0, 0, 0])
            XCTAssertEqual(try user("B")?.comments, [])
            XCTAssertEqual(try user("A")?.comments, ["시간 약속을 잘 지켜요"])
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|reviewed|1|0"])
        }
    }

    /// One review per match: a second is refused and changes nothing; a new match of the same
    /// pair may be reviewed again.
    func testOneReviewPerMatch() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            try review("A", "B", [.kind], comment: "한 번")
            XCTAssertThrowsError(try review("A", "B", [.helpful], comment: "두 번")) { XCTAssertEqual($0 as? DomainError, .alreadyReviewed) }
            XCTAssertEqual(try user("B")?.reputation.counts, [0, 0, 0, 1, 0, 0])
            XCTAssertEqual(try user("B")?.comments, ["한 번"])
            XCTAssertThrowsError(try review("A", "C")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertThrowsError(try ReviewPartnerUseCase(storage: storage, clock: clock())(me: id("B"), partner: id("A"), titles: [], comment: nil)) {
                XCTAssertEqual(($0 as? DomainError)?.code, "no_title")
            }

            try requeue("A")
            try requeue("B")
            try match("A", "B")
            try review("A", "B", [.helpful])
            XCTAssertEqual(try user("B")?.reputation.counts, [0, 0, 0, 1, 0, 1])
            XCTAssertThrowsError(try review("A", "B")) { XCTAssertEqual($0 as? DomainError, .alreadyReviewed) }
            XCTAssertEqual(try record("A").reviewed, [id("B")], "each reviewed user once")
        }
    }

    /// Marking a review, ending one's part and leaving a match are separate operations, each
    /// changing only the row of the member it names.
    func testMarkingReviewedEndingAndLeavingChangeOnlyTheirMember() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let match = try XCTUnwrap(try latest("A")).id
            try write { try $0.markReviewed(match, by: self.id("A")) }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|1|1", "B|A|A|∅|0|1"])
            try write { try $0.end(match, for: self.id("A"), .reviewed, at: self.now) }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|∅|0|1"])
            XCTAssertEqual(try latest("B")?.partnerEnding, .reviewed)
            try write { try $0.leaveCurrentMatch(of: self.id("B")) }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|∅|0|0"])
            // Operations naming someone outside the match, or nobody, change nothing.
            try write { transaction in
                try transaction.markReviewed(match + 1, by: self.id("A"))
                try transaction.end(match, for: try UserID("Nobody"), .dodged, at: self.now)
                try transaction.leaveCurrentMatch(of: try UserID("Nobody"))
            }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|∅|0|0"])
        }
    }

    func testAReviewReachesTheSearchCardOfAWaitingPartner() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            try dodge("A")
            try requeue("B")
            XCTAssertEqual(try queuedUIDs(), ["B", "C"])
            try review("A", "B", [.goodManners, .kind], comment: "친절해요")
            for study in [nil, "anything"] {
                let found = try nearby(here, radius: 100, study: study, excluding: ["C"])
                XCTAssertEqual(found.map(\.uid.rawValue), ["B"])
                XCTAssertEqual(found.first?.reviews, ["친절해요"])
                XCTAssertEqual(found.first?.reputation.counts, [1, 0, 0, 1, 0, 0])
            }
            // My match was over already (I dodged): reviewing marks it reviewed and changes nothing else.
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|1|0", "B|A|A|∅|0|0"])
            XCTAssertEqual(try user("A")?.dodgeCount, 1)
        }
    }

    // MARK: Reporting

    func testReportRecordsCountsAndVoidsRequestsBetweenThePair() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try meetAndPart("A", "B")  // only a partner may report
            try request("A", "B")
            // A request the other way, as storage keeps one (the rules would have matched them).
            try write { try $0.insertRequest(from: self.id("B"), to: self.id("A"), at: self.now) }
            try request("B", "C")
            try request("C", "A")
            XCTAssertEqual(try requestRows(), ["A→B", "B→A", "B→C", "C→A"])

            XCTAssertEqual(try report("A", "B", reason: .rude, comment: "말이 험해요"), .init(uid: id("B"), nick: try Nick("B")))
            XCTAssertEqual(try read { try $0.reportedUsers(by: self.id("A")) }, [id("B")])
            XCTAssertEqual(try read { try $0.reporters(of: self.id("B")) }, [id("A")])
            XCTAssertEqual(try read { try $0.reportedUsers(by: self.id("B")) }, [])
            XCTAssertEqual(try record("A").reported, [id("B")])
            XCTAssertEqual(try ["A", "B", "C"].map { try user($0)?.reportedCount }, [0, 1, 0])
            XCTAssertEqual(try requestRows(), ["B→C", "C→A"])
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"], "one report does not bar anyone")
            XCTAssertThrowsError(try report("A", "B")) { XCTAssertEqual($0 as? DomainError, .alreadyReported) }
            XCTAssertEqual(try user("B")?.reportedCount, 1)
            // Reported the other way, the pair has two reports, one against each.
            try report("B", "A", reason: .other)
            XCTAssertEqual(try ["A", "B", "C"].map { try user($0)?.reportedCount }, [1, 1, 0])
        }
    }

    func testAReportThatBarsTakesTheUserOutOfTheQueue() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            for earlier in ["X", "Y"] {
                let reporter = try register(earlier)
                try write { try $0.insertReport(by: reporter.uid, of: self.id("B"), reason: .other, comment: nil, at: self.now) }
            }
            try meetAndPart("C", "B")  // only a partner may report
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"])
            try report("C", "B", reason: .other)
            XCTAssertEqual(try queuedUIDs(), ["A", "C"])
            XCTAssertEqual(uids(try nearby(here, radius: 100, study: "anything")), ["A", "C"])
        }
    }

    /// Three reports bar a user from the queue; a reporter who withdraws takes their report
    /// along, and the user may queue again.
    func testTheThirdReportBarsAndAWithdrawnReportersReportStopsCounting() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            // Only partners may report: D studied with each of A, B and C in turn.
            for reporter in ["A", "B", "C"] { try meetAndPart(reporter, "D") }
            for reporter in ["A", "B", "C"] {
                XCTAssertEqual(try queuedUIDs().contains("D"), true)
                try report(reporter, "D", reason: .abuse)
            }
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"])
            XCTAssertEqual(try user("D")?.reportedCount, 3)
            XCTAssertThrowsError(try requeue("D")) { XCTAssertEqual($0 as? DomainError, .reported) }
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"])

            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))
            XCTAssertEqual(try user("D")?.reportedCount, 2)
            try requeue("D")
            XCTAssertEqual(try queuedUIDs(), ["A", "C", "D"])
        }
    }

    /// Strangers cannot gang up on anyone: a report by someone who was never matched with the
    /// user (even through a common partner) is `not_partner` and stores nothing at all.
    func testAStrangersReportIsRefusedAndStoresNothing() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            try meetAndPart("A", "C")
            try meetAndPart("B", "C")  // C studied with both; A and B never met
            try request("A", "B")
            let before = try state()
            XCTAssertThrowsError(try report("A", "B", reason: .abuse, comment: "모르는 사람")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertThrowsError(try report("D", "B")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertEqual(try state(), before)
            XCTAssertEqual(try read { try $0.reporters(of: self.id("B")) }, [])
            XCTAssertEqual(try read { try $0.reportedUsers(by: self.id("A")) }, [])
            XCTAssertEqual(try user("B")?.reportedCount, 0)
            XCTAssertEqual(try requestRows(), ["A→B"], "the open request between them stays")
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C", "D"])
            // Once they have met, the same report is taken.
            try accept("B", "A")
            try report("A", "B", reason: .abuse)
            XCTAssertEqual(try read { try $0.reporters(of: self.id("B")) }, [id("A")])
            XCTAssertEqual(try user("B")?.reportedCount, 1)
        }
    }

    // MARK: Atomicity

    /// Everything the storage shows about every known user.
    private func state() throws -> [String] {
        let everyone = try ["A", "B", "C", "D"].map { uid in
            let record = try self.record(uid)
            return "\(record.user)|\(record.reviewed)|\(record.reported)"
        }
        let messages = try ["A", "B", "C", "D"].compactMap { uid in try latest(uid).map { try self.messages(uid, $0.partnerUID.rawValue).count } }
        return try everyone + latestMatchRows() + requestRows() + queuedUIDs() + latestEventIDs().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + messages.map { "messages \($0)" }
    }

    func testRefusedUseCasesLeaveTheStoreUnchanged() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            try request("C", "A")
            try match("A", "B")
            let before = try state()
            XCTAssertThrowsError(try request("C", "A")) { XCTAssertEqual($0 as? DomainError, .otherNotSearching) }
            XCTAssertThrowsError(try accept("C", "A")) { XCTAssertEqual($0 as? DomainError, .otherMatched) }
            XCTAssertThrowsError(try request("A", "C")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched) }
            XCTAssertThrowsError(try review("C", "D")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertThrowsError(try accept("C", "D")) { XCTAssertEqual($0 as? DomainError, .noRequest) }
            XCTAssertThrowsError(try dodge("C")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertThrowsError(try send("C", "hi")) { XCTAssertEqual($0 as? DomainError, .notMatched) }
            XCTAssertThrowsError(try requeue("A")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched) }
            XCTAssertEqual(try state(), before)
        }
    }

    /// A write that throws after changing several tables leaves every one as it was.
    func testAWriteThatFailsHalfWayIsRolledBackWhole() {
        forEachBackend {
            try waitingUsers("A", "C")
            try register("B")
            try register("D")
            try request("A", "C")
            let before = try state()
            // Matching someone who does not exist fails after my own queue row and requests are gone.
            XCTAssertThrowsError(try write { transaction in
                try transaction.removeFromQueue(self.id("A"))
                try transaction.deleteRequests(involving: self.id("A"))
                _ = try transaction.insertMatch(self.id("A"), try UserID("Nobody"), at: self.now)
            }) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
            XCTAssertEqual(try state(), before)
            // A whole match, its message, an event and a penalty, then a failure: none of it stays.
            XCTAssertThrowsError(try write { transaction in
                for uid in ["A", "C"] {
                    try transaction.removeFromQueue(self.id(uid))
                    try transaction.deleteRequests(involving: self.id(uid))
                }
                let match = try transaction.insertMatch(self.id("A"), self.id("C"), at: self.now)
                try transaction.insert(ChatMessage(
                    id: MessageID(conversation: match, sequence: 1), from: self.id("A"), to: self.id("C"), text: "x", createdAt: self.now))
                try transaction.insertEvent(.matched(partner: .init(uid: self.id("A"), nick: try Nick("A"))), for: self.id("C"), at: self.now,
                                            forgettingBefore: self.now.addingTimeInterval(-86_400))
                var user = try XCTUnwrap(try transaction.user(self.id("A")))
                user.dodgeCount = 5
                try transaction.update(user)
                try transaction.setPenaltyNoticeDue(self.now, of: self.id("A"))
                try transaction.insertReport(by: self.id("A"), of: self.id("D"), reason: .rude, comment: nil, at: self.now)
                throw PlannedFailure()
            }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
            XCTAssertEqual(try state(), before)
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: self.id("A")) })
            XCTAssertEqual(try queuedUIDs(), ["A", "C"])
            // And the store goes on as before.
            try accept("C", "A")
            XCTAssertEqual(try latestMatchRows(), ["A|C|C|∅|0|1", "C|A|A|∅|0|1"])
        }
    }

    // MARK: Moving on

    func testEnteringTheQueueAfterMyPartnerDodgedLeavesTheMatchBehind() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            XCTAssertThrowsError(try requeue("B")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched) }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            try dodge("A")
            XCTAssertEqual(try latest("B")?.partnerEnding, .dodged)
            try requeue("B")
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|0|0", "B|A|A|∅|0|0"])
            XCTAssertEqual(try queueState("B").status, .waiting)
            let after = try XCTUnwrap(try latest("B"))
            XCTAssertEqual(after.partner?.uid, id("A"), "the just-ended match can still be reviewed")
            XCTAssertEqual(after.isCurrent, false)
            // And a new match is possible.
            try match("B", "C")
            XCTAssertEqual(try latest("B")?.partner?.uid, id("C"))
            XCTAssertEqual(try queueState("B").partner?.uid, id("C"))
            XCTAssertNotEqual(try latest("B", with: "C")?.id, try latest("B", with: "A")?.id)
        }
    }

    func testThePairCanMatchAgainOnceBothMovedOn() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            let first = try latest("A")?.id
            try dodge("A")
            XCTAssertThrowsError(try requeue("A")) { XCTAssertEqual($0 as? DomainError, .dodgePenalty(level: 1, secondsLeft: 60)) }
            try requeue("A", at: now.addingTimeInterval(3_600))
            try requeue("B")
            try match("A", "B")
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            XCTAssertEqual(try queueState("A").status, .matched)
            XCTAssertEqual(try latest("A")?.isActive, true)
            XCTAssertNotEqual(try latest("A")?.id, first, "a new match, not the old one revived")
        }
    }

    func testAWithdrawnPartnerLeavesMeAMatchThatCountsAsDodged() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))
            XCTAssertEqual(try latestMatchRows(), ["A|∅|B|∅|0|1"])
            let current = try XCTUnwrap(try latest("A"))
            XCTAssertNil(current.partner)
            XCTAssertEqual(current.partnerEnding, .dodged)
            XCTAssertFalse(current.isActive)
            let state = try queueState("A")
            XCTAssertEqual(state.status, .matched)
            XCTAssertEqual(state.dodged, true)
            XCTAssertEqual(state.partnerUID, id("B"), "the match still names the partner")
            XCTAssertNil(state.partner)
            XCTAssertEqual(try latest("A", with: "B")?.id, current.id, "still found by the partner's uid")
            // Leaving it is free, and I may queue again.
            XCTAssertEqual(try dodge("A").0, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
            try requeue("A")
            XCTAssertEqual(try queuedUIDs(), ["A"])
        }
    }

    // MARK: Whom I judged

    func testMyRecordListsWhomIReviewedAndReportedAndForgetsWithdrawnUsers() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            try match("A", "B")
            try review("A", "B", [.kind])
            try review("B", "A", [.punctual])
            // Only partners may report: A studied with D, then with C; each left by a dodge, unreviewed.
            for other in ["D", "C"] {
                try requeue("A")
                try match("A", other)
                try dodge(other)
            }
            try report("A", "D")
            try report("C", "A", reason: .other)
            try report("A", "C", reason: .abuse, at: now.addingTimeInterval(1))
            let a = try record("A")
            XCTAssertEqual(a.user, try user("A"))
            XCTAssertEqual(a.reviewed, [id("B")])
            XCTAssertEqual(a.reported, [id("D"), id("C")], "in the order I reported them")
            XCTAssertEqual(try record("C").reported, [id("A")], "never who reported me")
            XCTAssertEqual(try record("D").reported, [])

            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("D"))
            let after = try record("A")
            XCTAssertEqual([after.reviewed, after.reported], [[], [id("C")]])
            XCTAssertThrowsError(try record("B")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        }
    }
}
