import Foundation
import SLPDomain
import XCTest

final class MatchRepositoryContractTests: RepositoryContractTestCase {
    // MARK: Matching

    func testRequestThenAcceptMakesOneMatchAndClearsBothUsersRequestsAndQueue() {
        forEachBackend {
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
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            XCTAssertEqual(try queuedUIDs(), ["C", "D"])
            XCTAssertEqual(try requestRows(), ["D→C"], "every open request to or from either is dropped, and only theirs")

            let a = try matches.snapshot(of: id("A")), b = try matches.snapshot(of: id("B"))
            XCTAssertFalse(a.isWaiting)
            XCTAssertTrue(a.isMatched && b.isMatched)
            XCTAssertEqual(a.current, MatchView(
                partnerUID: id("B"), partner: .init(uid: id("B"), nick: try Nick("B")), myEnding: nil, partnerEnding: nil, iReviewed: false,
                isCurrent: true, startedAt: now))
            XCTAssertEqual(b.current?.partner?.uid, id("A"))
            XCTAssertEqual(b.current?.startedAt, a.current?.startedAt)
            XCTAssertEqual(a.latest, a.current)
            XCTAssertEqual(try chats.conversation(of: id("A"), with: nil)?.id, try chats.conversation(of: id("B"), with: nil)?.id, "one match")
        }
    }

    func testMutualRequestsMatchAtOnce() {
        forEachBackend {
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
            XCTAssertEqual(uids(try search.requesters(of: id("B"), from: here)), ["A"])
        }
    }

    func testAnUnknownOtherIsUserNotFoundAndAnUnknownMeIsNotRegistered() {
        forEachBackend {
            try waitingUsers("A")
            XCTAssertThrowsError(try request("A", "Nobody")) { XCTAssertEqual($0 as? DomainError, .userNotFound) }
            XCTAssertThrowsError(try request("Nobody", "A")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertThrowsError(try matches.snapshot(of: id("Nobody"))) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertThrowsError(try dodge("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
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
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 1)
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgePenaltyUntil, later.addingTimeInterval(60))

            let b = try matches.snapshot(of: id("B"))
            XCTAssertEqual(b.current?.partnerEnding, .dodged)
            XCTAssertFalse(b.isMatched)
            let a = try matches.snapshot(of: id("A"))
            XCTAssertNil(a.current)
            XCTAssertEqual(a.latest?.myEnding, .dodged)

            // The partner leaving afterwards is free.
            let (free, _) = try dodge("B", at: later.addingTimeInterval(10))
            XCTAssertEqual(free, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
            XCTAssertEqual(try users.user(uid: id("B"))?.dodgeCount, 0)
            XCTAssertNil(try users.user(uid: id("B"))?.dodgePenaltyUntil)
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|0|0", "B|A|A|dodged|0|0"])
        }
    }

    func testAPenaltyIsOnlyWrittenWhenTheDecisionHasOne() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            let earlier = now.addingTimeInterval(-600)
            _ = try users.update(uid: id("A")) { $0.dodgePenaltyUntil = earlier; $0.dodgeCount = 3 }
            try match("A", "B")
            try match("C", "D")
            _ = try matches.dodge(id("A"), at: now) { _ in DodgeDecision(dodgeCount: 7, penaltyUntil: nil) }
            _ = try matches.dodge(id("C"), at: now) { _ in DodgeDecision(dodgeCount: 2, penaltyUntil: nil) }
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 7)
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgePenaltyUntil, earlier)
            XCTAssertEqual(try users.user(uid: id("C"))?.dodgeCount, 2)
            XCTAssertNil(try users.user(uid: id("C"))?.dodgePenaltyUntil)
            XCTAssertEqual(try latestMatchRows().filter { $0.contains("dodged") }, ["A|B|B|dodged|0|0", "C|D|D|dodged|0|0"])
        }
    }

    func testDodgeWithoutAMatchIsNotPartner() {
        forEachBackend {
            try waitingUsers("A")
            XCTAssertThrowsError(try dodge("A")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 0)
            XCTAssertNil(try users.user(uid: id("A"))?.dodgePenaltyUntil)
        }
    }

    // MARK: Reviewing

    func testReviewAddsToThePartnerEndsMyMatchAndResetsMyDodges() {
        forEachBackend {
            try waitingUsers("A", "B")
            _ = try users.update(uid: id("B")) { $0.dodgeCount = 2 }
            try match("A", "B")
            let later = now.addingTimeInterval(3_600)
            try review("B", "A", [.goodManners, .helpful], comment: "시간 약속을 잘 지켜요", at: later)
            XCTAssertEqual(try users.user(uid: id("A"))?.reputation.counts, [1, 0, 0, 0, 0, 1])
            XCTAssertEqual(try users.user(uid: id("A"))?.comments, ["시간 약속을 잘 지켜요"])
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|reviewed|1|0"])
            XCTAssertEqual(try users.user(uid: id("B"))?.dodgeCount, 0)
            XCTAssertEqual(try matches.snapshot(of: id("A")).current?.partnerEnding, .reviewed)

            // The partner reviews back; no comment adds no comment.
            try review("A", "B", [.punctual])
            XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 1, 0, 0, 0, 0])
            XCTAssertEqual(try users.user(uid: id("B"))?.comments, [])
            XCTAssertEqual(try users.user(uid: id("A"))?.comments, ["시간 약속을 잘 지켜요"])
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|reviewed|1|0"])
            XCTAssertThrowsError(try review("A", "B")) { XCTAssertEqual($0 as? DomainError, .alreadyReviewed) }
        }
    }

    func testReviewEndsAndResetsOnlyWhenTheDecisionSaysSo() {
        forEachBackend {
            try waitingUsers("A", "B")
            _ = try users.update(uid: id("A")) { $0.dodgeCount = 2 }
            try match("A", "B")
            _ = try matches.decide(id("A"), id("B"), at: now) { _ in
                .review(titles: [.skilled], comment: nil, endsMyMatch: false, resetsMyDodges: false)
            }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|1|1", "B|A|A|∅|0|1"])
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 2)
            XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 0, 0, 0, 1, 0])

            _ = try matches.decide(id("A"), id("B"), at: now) { _ in
                .review(titles: [.kind], comment: nil, endsMyMatch: true, resetsMyDodges: false)
            }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|reviewed|1|0", "B|A|A|∅|0|1"])
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 2)

            _ = try matches.decide(id("A"), id("B"), at: now) { _ in
                .review(titles: [.quickReply], comment: nil, endsMyMatch: false, resetsMyDodges: true)
            }
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 0)
            XCTAssertEqual(try users.user(uid: id("B"))?.reputation.counts, [0, 0, 1, 1, 1, 0])
        }
    }

    func testAReviewReachesTheSearchCardOfAWaitingPartner() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            try dodge("A")
            try enterChecked("B")
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
            XCTAssertEqual(try users.user(uid: id("A"))?.dodgeCount, 1)
        }
    }

    // MARK: Reporting

    func testReportRecordsCountsAndVoidsRequestsBetweenThePair() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try request("A", "B")
            _ = try matches.decide(id("B"), id("A"), at: now) { _ in .openRequest }
            try request("B", "C")
            try request("C", "A")
            XCTAssertEqual(try requestRows(), ["A→B", "B→A", "B→C", "C→A"])

            _ = try matches.decide(id("A"), id("B"), at: now) { try MatchRules.report($0, reason: .rude, comment: "말이 험해요") }
            XCTAssertEqual(try pair("A", "B").iReported, true)
            XCTAssertEqual(try pair("B", "A").otherReported, true)
            XCTAssertEqual(try search.reportedPartners(of: id("B")), [id("A")])
            XCTAssertEqual(try users.record(uid: id("A"))?.reported, [id("B")])
            XCTAssertEqual(try ["A", "B", "C"].map { try users.user(uid: id($0))?.reportedCount }, [0, 1, 0])
            XCTAssertEqual(try requestRows(), ["B→C", "C→A"])
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"], "one report does not bar anyone")
            XCTAssertThrowsError(try matches.decide(id("A"), id("B"), at: now) { try MatchRules.report($0, reason: .rude, comment: nil) }) {
                XCTAssertEqual($0 as? DomainError, .alreadyReported)
            }
            XCTAssertEqual(try users.user(uid: id("B"))?.reportedCount, 1)
        }
    }

    func testAReportThatBarsTakesTheUserOutOfTheQueue() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            _ = try matches.decide(id("C"), id("B"), at: now) { _ in .report(reason: .other, comment: nil, barsFromQueue: true) }
            XCTAssertEqual(try queuedUIDs(), ["A", "C"])
            XCTAssertEqual(uids(try nearby(here, radius: 100, study: "anything")), ["A", "C"])
        }
    }

    func testTheThirdReportThroughTheRulesBars() {
        forEachBackend {
            try waitingUsers("A", "B", "C", "D")
            for reporter in ["A", "B", "C"] {
                XCTAssertEqual(try queuedUIDs().contains("D"), true)
                _ = try matches.decide(id(reporter), id("D"), at: now) { try MatchRules.report($0, reason: .abuse, comment: nil) }
            }
            XCTAssertEqual(try queuedUIDs(), ["A", "B", "C"])
            XCTAssertEqual(try users.user(uid: id("D"))?.reportedCount, 3)
        }
    }

    // MARK: Atomicity

    /// Everything the protocols show about every known user.
    private func state() throws -> [String] {
        let everyone = try ["A", "B", "C", "D"].map { uid in
            let record = try users.record(uid: id(uid))
            return "\(String(describing: record?.user))|\(String(describing: record?.reviewed))|\(String(describing: record?.reported))"
        }
        return try everyone + latestMatchRows() + requestRows() + queuedUIDs() + latestEventIDs().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    func testARuleThatThrowsLeavesTheStoreUnchanged() {
        forEachBackend {
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
    }

    func testADecisionThatFailsHalfWayIsRolledBackWhole() {
        forEachBackend {
            try waitingUsers("A", "C")
            try register("B")
            try request("A", "C")
            let before = try state()
            // Matching someone who is not waiting breaks an invariant after my own queue row is gone.
            XCTAssertThrowsError(try matches.decide(id("A"), id("B"), at: now) { _ in .match })
            XCTAssertEqual(try state(), before)
            XCTAssertEqual(try queuedUIDs(), ["A", "C"])
        }
    }

    // MARK: Moving on

    func testEnteringTheQueueAfterMyPartnerDodgedLeavesTheMatchBehind() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            XCTAssertThrowsError(try enterChecked("B")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched(status: 201)) }
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            try dodge("A")
            let b = try matches.snapshot(of: id("B"))
            XCTAssertEqual(b.current?.partnerEnding, .dodged)
            try enterChecked("B")
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|dodged|0|0", "B|A|A|∅|0|0"])
            let after = try matches.snapshot(of: id("B"))
            XCTAssertTrue(after.isWaiting)
            XCTAssertNil(after.current)
            XCTAssertEqual(after.latest?.partner?.uid, id("A"), "the just-ended match can still be reviewed")
            XCTAssertEqual(after.latest?.isCurrent, false)
            // And a new match is possible.
            try match("B", "C")
            XCTAssertEqual(try matches.snapshot(of: id("B")).current?.partner?.uid, id("C"))
            XCTAssertNotEqual(try chats.conversation(of: id("B"), with: id("C"))?.id, try chats.conversation(of: id("B"), with: id("A"))?.id)
        }
    }

    func testThePairCanMatchAgainOnceBothMovedOn() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try match("A", "B")
            let first = try chats.conversation(of: id("A"), with: nil)?.id
            try dodge("A")
            XCTAssertThrowsError(try enterChecked("A")) { XCTAssertEqual($0 as? DomainError, .dodgePenalty(level: 1, secondsLeft: 60)) }
            try enterChecked("A", at: now.addingTimeInterval(3_600))
            try enterChecked("B")
            try match("A", "B")
            XCTAssertEqual(try latestMatchRows(), ["A|B|B|∅|0|1", "B|A|A|∅|0|1"])
            XCTAssertTrue(try matches.snapshot(of: id("A")).isMatched)
            XCTAssertNotEqual(try chats.conversation(of: id("A"), with: nil)?.id, first, "a new match, not the old one revived")
        }
    }

    func testAWithdrawnPartnerLeavesMeAMatchThatCountsAsDodged() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            XCTAssertTrue(try users.remove(uid: id("B")))
            XCTAssertEqual(try latestMatchRows(), ["A|∅|B|∅|0|1"])
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
    }

    // MARK: Whom I judged

    func testMyRecordListsWhomIReviewedAndReportedAndForgetsWithdrawnUsers() {
        forEachBackend {
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
}
