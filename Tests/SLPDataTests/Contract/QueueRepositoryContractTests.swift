import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class QueueRepositoryContractTests: RepositoryContractTestCase {
    private let seoul = Coordinate.at(37.5665, 126.9780)
    private let busan = Coordinate.at(35.1796, 129.0756)

    private func studyNames(_ uid: String) throws -> [String]? {
        try queue.entry(for: id(uid))?.studies.studies.map(\.name)
    }

    func testEnterStoresTheEntry() {
        forEachBackend {
            try register("Me1")
            let entry = try enter("Me1", at: seoul, studies: ["Swift", "알고리즘", "ＲＥＡＣＴ"], now: Date(timeIntervalSince1970: 1_795_253_400.123))
            XCTAssertEqual(try queue.entry(for: try UserID("Me1")), entry)
            let stored = try XCTUnwrap(try queue.entry(for: try UserID("Me1")))
            XCTAssertEqual(stored.studies.studies.map(\.name), ["Swift", "알고리즘", "ＲＥＡＣＴ"])
            XCTAssertEqual(stored.enteredAt, Date(timeIntervalSince1970: 1_795_253_400.123))
            XCTAssertEqual(stored.coordinate, seoul)
            XCTAssertEqual(try queuedUIDs(), ["Me1"])
            XCTAssertNil(try queue.entry(for: try UserID("Nobody")))
        }
    }

    func testNoStudiesIsStoredAsAnything() {
        forEachBackend {
            try register("Me1")
            try enter("Me1", at: seoul)
            XCTAssertEqual(try queue.entry(for: try UserID("Me1"))?.studies, .anything)
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "anything")), ["Me1"])
        }
    }

    func testUnknownUserCannotEnterOrLeave() {
        forEachBackend {
            XCTAssertThrowsError(try enter("Nobody", at: seoul)) { error in
                XCTAssertEqual(error as? DomainError, .notRegistered)
            }
            XCTAssertThrowsError(try queue.leave(try UserID("Nobody")) { _ in }) { error in
                XCTAssertEqual(error as? DomainError, .notRegistered)
            }
            XCTAssertNil(try queue.entry(for: try UserID("Nobody")))
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), [])
        }
    }

    func testTheCheckSeesTheStoredUserAndItsRefusalWritesNothing() {
        forEachBackend {
            let me = try register("Me1")
            _ = try users.update(uid: me.uid) { $0.reportedCount = 3 }
            try enter("Me1", at: seoul, studies: ["java"])
            var seen: User?
            XCTAssertThrowsError(try queue.enter(me.uid, at: busan, studies: try StudyList(parsing: ["python"]), now: queueTestNow) { party in
                seen = party.user
                throw DomainError.reported
            }) { error in
                XCTAssertEqual(error as? DomainError, .reported)
            }
            XCTAssertEqual(seen?.reportedCount, 3)
            XCTAssertEqual(try queue.entry(for: me.uid)?.coordinate, seoul, "the earlier place is kept")
            XCTAssertEqual(try studyNames("Me1"), ["java"])
        }
    }

    func testEnterUseCaseRefusesAPenalisedUser() {
        forEachBackend {
            let me = try register("Me1")
            _ = try users.update(uid: me.uid) { $0.dodgeCount = 2; $0.dodgePenaltyUntil = queueTestNow.addingTimeInterval(75.5) }
            let enterQueue = EnterQueueUseCase(queue: queue, clock: StoppedClock(queueTestNow))
            XCTAssertThrowsError(try enterQueue(me: me.uid, latitude: 1, longitude: 1, studies: [])) { error in
                XCTAssertEqual(error as? DomainError, .dodgePenalty(level: 2, secondsLeft: 76))
                XCTAssertEqual((error as? DomainError)?.status, 204)
            }
            XCTAssertNil(try queue.entry(for: me.uid))
        }
    }

    func testRefreshMovesTheUserAndReplacesTheStudies() {
        forEachBackend {
            try register("Me1")
            try waiting("Other2", at: seoul, studies: ["swift"])
            try enter("Me1", at: seoul, studies: ["swift", "java"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Me1", "Other2"])

            let later = queueTestNow.addingTimeInterval(60)
            let refreshed = try enter("Me1", at: busan, studies: ["python"], now: later)
            XCTAssertEqual(try queue.entry(for: try UserID("Me1")), refreshed)
            XCTAssertEqual(refreshed.enteredAt, later)
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Other2"], "the old position no longer matches")
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "java")), [])
            XCTAssertEqual(uids(try nearby(busan, radius: 100)), ["Me1"])
            XCTAssertEqual(uids(try nearby(busan, radius: 100, study: "python")), ["Me1"])
            XCTAssertEqual(uids(try nearby(busan, radius: 100, study: "swift")), [])
            XCTAssertEqual(try queuedUIDs(), ["Me1", "Other2"])
            XCTAssertEqual(try studyNames("Me1"), ["python"])
            XCTAssertEqual(try studyNames("Other2"), ["swift"])
        }
    }

    func testRefreshInTheSameCellWithAwkwardStudyKeys() {
        forEachBackend {
            try register("Me1")
            try enter("Me1", at: seoul, studies: ["a\"b", "c\\d", "Ｘ", "x'y", "[1]"])
            XCTAssertEqual(try studyNames("Me1"), ["a\"b", "c\\d", "Ｘ", "x'y", "[1]"])
            for study in ["A\"B", "c\\d", "x", "X'Y", "[1]"] {
                XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: study)), ["Me1"], study)
            }
            try enter("Me1", at: seoul.moved(1), studies: ["e\"f"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "E\"F")), ["Me1"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "a\"b")), [])
            XCTAssertTrue(try queue.leave(try UserID("Me1")) { _ in })
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "E\"F")), [])
        }
    }

    func testLeaveTakesTheUserOutOfSearch() {
        forEachBackend {
            try register("Me1")
            try waiting("Other2", at: seoul, studies: ["swift"])
            try enter("Me1", at: seoul, studies: ["swift", "java", "go"])
            XCTAssertTrue(try queue.leave(try UserID("Me1")) { _ in })
            XCTAssertNil(try queue.entry(for: try UserID("Me1")))
            XCTAssertFalse(try queue.leave(try UserID("Me1")) { _ in }, "not waiting any more")
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "swift")), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "go")), [])
        }
    }

    func testTheLeaveCheckSeesMyPlaceAndItsRefusalKeepsIt() {
        forEachBackend {
            try waiting("Me1", at: seoul, studies: ["swift"])
            var seen: Coordinate?
            XCTAssertThrowsError(try queue.leave(try UserID("Me1")) { party in
                seen = party.position
                throw PlannedFailure()
            }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
            XCTAssertEqual(seen, seoul)
            XCTAssertEqual(try queue.entry(for: try UserID("Me1"))?.coordinate, seoul)
        }
    }

    func testWithdrawalTakesTheQueuePlaceWithIt() {
        forEachBackend {
            try register("Me1")
            try waiting("Other2", at: seoul, studies: ["swift"])
            try enter("Me1", at: seoul, studies: ["swift", "java"])
            XCTAssertTrue(try users.remove(uid: try UserID("Me1")))
            XCTAssertNil(try queue.entry(for: try UserID("Me1")))
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "java")), [])
        }
    }

    func testProfileChangesShowInSearchAtOnce() {
        forEachBackend {
            let me = try register("Me1", nick: "before")
            try enter("Me1", at: seoul, studies: ["swift"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Me1"])

            _ = try users.update(uid: me.uid) { $0.searchable = false }
            let criteria = SearchCriteria(me: try register("Searcher2"), today: CalendarDate(utcDayOf: queueTestNow), gender: nil)
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: criteria)), [])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "swift", criteria: criteria)), [])

            _ = try users.update(uid: me.uid) {
                $0.searchable = true
                $0.nick = try Nick("after")
                $0.gender = .male
                $0.sesac = 3
                $0.background = 5
                $0.comments.append("친절해요")
                $0.reputation = try Reputation(counts: [1, 0, 0, 0, 0, 2])
            }
            let card = try XCTUnwrap(try nearby(seoul, radius: 100, criteria: criteria).first)
            XCTAssertEqual(card.nick.value, "after")
            XCTAssertEqual(card.gender, .male)
            XCTAssertEqual([card.sesac, card.background], [3, 5])
            XCTAssertEqual(card.reviews, ["친절해요"])
            XCTAssertEqual(card.reputation.counts, [1, 0, 0, 0, 0, 2])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: SearchCriteria(
                me: try users.user(uid: try UserID("Searcher2"))!, today: CalendarDate(utcDayOf: queueTestNow), gender: .female))), [])

            // Age range: I accept only 40+ now, so the 28-year-old searcher is out of my range.
            _ = try users.update(uid: me.uid) { $0.ageRange = try AgeRange(min: 40, max: 65) }
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: criteria)), [])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: self.criteria(born: (1980, 1, 1)))), ["Me1"], "still waiting, only filtered")
        }
    }

    func testAProfileUpdateOfSomeoneNotWaitingDoesNotQueueThem() {
        forEachBackend {
            let me = try register("Me1")
            _ = try users.update(uid: me.uid) { $0.searchable = false }
            _ = try users.update(uid: me.uid) { $0.searchable = true }
            XCTAssertNil(try queue.entry(for: me.uid))
            XCTAssertEqual(uids(try nearby(here, radius: 100_000)), [])
        }
    }

    func testSearchAppliesAgeRulesToBirthDaysAcrossTheEpoch() {
        forEachBackend {
            let births = [(1960, 2, 29), (1969, 12, 31), (1970, 1, 1), (1958, 1, 1), (2008, 2, 29), (1999, 12, 31)]
            for (index, birth) in births.enumerated() {
                try register("B\(index)", birth: birth)
                try enter("B\(index)", at: .at(37.5, 127))
            }
            // A 66-year-old (born 1960) is outside every range, 18–65, and so is one born in 1958.
            let searcher = User(
                uid: try UserID("Searcher"), phone: try PhoneNumber("010-9999-9999"), email: try Email("s@example.com"), nick: try Nick("s"),
                birth: BirthDate(stored: try CalendarDate(year: 1990, month: 1, day: 1)), gender: .male, createdAt: queueTestNow)
            let criteria = SearchCriteria(me: searcher, today: CalendarDate(utcDayOf: queueTestNow), gender: nil)
            XCTAssertEqual(Set(uids(try nearby(.at(37.5, 127), radius: 10, criteria: criteria))), ["B1", "B2", "B4", "B5"])
        }
    }
}
