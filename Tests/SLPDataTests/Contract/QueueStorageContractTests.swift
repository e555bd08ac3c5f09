import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class QueueStorageContractTests: StorageContractTestCase {
    private let seoul = Coordinate.at(37.5665, 126.9780)
    private let busan = Coordinate.at(35.1796, 129.0756)

    private func studyNames(_ uid: String) throws -> [String]? {
        try entry(uid)?.studies.studies.map(\.name)
    }

    private func leave(_ uid: String) throws -> Bool {
        try LeaveQueueUseCase(storage: storage)(me: id(uid))
    }

    func testEnterStoresTheEntry() {
        forEachBackend {
            try register("Me1")
            let entry = try enter("Me1", at: seoul, studies: ["Swift", "알고리즘", "ＲＥＡＣＴ"], now: Date(timeIntervalSince1970: 1_795_253_400.123))
            XCTAssertEqual(try self.entry("Me1"), entry)
            let stored = try XCTUnwrap(try self.entry("Me1"))
            XCTAssertEqual(stored.uid, id("Me1"))
            XCTAssertEqual(stored.studies.studies.map(\.name), ["Swift", "알고리즘", "ＲＥＡＣＴ"])
            XCTAssertEqual(stored.enteredAt, Date(timeIntervalSince1970: 1_795_253_400.123))
            XCTAssertEqual(stored.coordinate, seoul)
            XCTAssertEqual(try queuedUIDs(), ["Me1"])
            XCTAssertNil(try self.entry("Nobody"))
            XCTAssertEqual(try queueState("Me1").status, .waiting)
        }
    }

    func testWaitingUserCountCountsTheQueue() {
        forEachBackend {
            XCTAssertEqual(try ReadServiceCountsUseCase(storage: storage)().waitingUsers, 0)
            for uid in ["Me1", "Me2", "Me3"] {
                try register(uid)
                try enter(uid, at: seoul)
            }
            XCTAssertTrue(try leave("Me2"))
            XCTAssertEqual(try ReadServiceCountsUseCase(storage: storage)().waitingUsers, 2)
        }
    }

    func testNoStudiesIsStoredAsAnything() {
        forEachBackend {
            try register("Me1")
            try enter("Me1", at: seoul)
            XCTAssertEqual(try entry("Me1")?.studies, .anything)
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "anything")), ["Me1"])
        }
    }

    func testUnknownUserCannotEnterOrLeave() {
        forEachBackend {
            XCTAssertThrowsError(try enter("Nobody", at: seoul)) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertThrowsError(try leave("Nobody")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            // The plain operations change nothing for someone who does not exist.
            let ghost = try person("Nobody")
            try write { try $0.putInQueue(.stub("Nobody", at: self.seoul), of: ghost) }
            XCTAssertFalse(try write { try $0.removeFromQueue(ghost.uid) })
            XCTAssertNil(try entry("Nobody"))
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), [])
        }
    }

    func testPutInQueueReplacesTheEarlierPlace() {
        forEachBackend {
            let me = try register("Me1")
            try write { try $0.putInQueue(.stub("Me1", at: self.seoul, studies: ["java"], enteredAt: self.now), of: me) }
            let later = QueueEntry.stub("Me1", at: busan, studies: ["python", "go"], enteredAt: now.addingTimeInterval(1))
            try write { try $0.putInQueue(later, of: me) }
            XCTAssertEqual(try entry("Me1"), later)
            XCTAssertEqual(uids(try nearby(seoul, radius: 1_000)), [])
            XCTAssertEqual(uids(try nearby(busan, radius: 1_000, study: "go")), ["Me1"])
            XCTAssertTrue(try write { try $0.removeFromQueue(me.uid) })
            XCTAssertFalse(try write { try $0.removeFromQueue(me.uid) })
        }
    }

    /// The use case reads the stored user, their reports counted, in its own write: its refusal
    /// writes nothing and the earlier place is kept.
    func testEnteringSeesTheStoredReportsAndItsRefusalWritesNothing() {
        forEachBackend {
            let me = try register("Me1")
            try enter("Me1", at: seoul, studies: ["java"])
            for reporter in ["R1", "R2", "R3"] {
                let user = try register(reporter)
                try write { try $0.insertReport(by: user.uid, of: me.uid, reason: .rude, comment: nil, at: now) }
            }
            XCTAssertThrowsError(try enter("Me1", at: busan, studies: ["python"])) { XCTAssertEqual($0 as? DomainError, .reported) }
            XCTAssertEqual(try entry("Me1")?.coordinate, seoul, "the earlier place is kept")
            XCTAssertEqual(try studyNames("Me1"), ["java"])
        }
    }

    func testEnteringRefusesAPenalisedUser() {
        forEachBackend {
            let me = try register("Me1")
            try change("Me1") { $0.dodgeCount = 2; $0.dodgePenaltyUntil = queueTestNow.addingTimeInterval(75.5) }
            let enterQueue = EnterQueueUseCase(storage: storage, clock: StoppedClock(queueTestNow))
            XCTAssertThrowsError(try enterQueue(me: me.uid, latitude: 1, longitude: 1, studies: [])) { error in
                XCTAssertEqual(error as? DomainError, .dodgePenalty(level: 2, secondsLeft: 76))
            }
            XCTAssertNil(try entry("Me1"))
            // Once it is over, the same user may enter.
            let after = EnterQueueUseCase(storage: storage, clock: StoppedClock(queueTestNow.addingTimeInterval(75.5)))
            XCTAssertEqual(try after(me: me.uid, latitude: 1, longitude: 1, studies: []).coordinate, .at(1, 1))
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
            XCTAssertEqual(try entry("Me1"), refreshed)
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

    /// Where the API shows someone is stored with their place, to the last bit, and is where the
    /// API's searches find them, by study too; the command line's still find them where they are.
    func testTheShownPlaceIsKeptWithThePlaceAndSearchedThere() {
        forEachBackend {
            try register("Me1")
            let shown = Coordinate.at(37.566_5, 126.979_36)
            XCTAssertEqual(seoul.distance(to: shown), 120, accuracy: 1)
            try write { try $0.putInQueue(.stub("Me1", at: self.seoul, studies: ["swift"], shown: shown), of: try XCTUnwrap(try $0.user(self.id("Me1")))) }
            XCTAssertEqual(try entry("Me1")?.shownCoordinate, shown)
            for study: String? in [nil, "swift"] {
                XCTAssertEqual(try nearby(seoul, radius: 60, study: study).map(\.coordinate), [seoul])
                XCTAssertEqual(try nearby(seoul, radius: 60, study: study, positions: .shown), [], "shown 120 m away")
                let found = try nearby(shown, radius: 1, study: study, positions: .shown)
                XCTAssertEqual(found.map(\.coordinate), [shown])
                XCTAssertEqual(found.map(\.distance), [0])
            }
            // Entering elsewhere shows the point of the new cell, by study too, and nothing at the old one.
            let refreshed = try enter("Me1", at: busan, studies: ["swift"])
            XCTAssertEqual(PlaceCell(containing: refreshed.shownCoordinate), PlaceCell(containing: busan))
            for study: String? in [nil, "swift"] {
                XCTAssertEqual(try nearby(refreshed.shownCoordinate, radius: 1, study: study, positions: .shown).map(\.uid.rawValue), ["Me1"])
                XCTAssertEqual(try nearby(shown, radius: 1, study: study, positions: .shown), [])
            }
        }
    }

    /// The key behind the shown points is made once and kept with the data: whoever stands in a
    /// cell, whenever, is shown at its one point; people in other cells at others.
    func testEveryoneInACellIsShownAtItsOnePoint() {
        forEachBackend {
            let corner = Coordinate.at(37.566_01, 126.977_35), across = Coordinate.at(37.566_88, 126.978_45)
            XCTAssertEqual(PlaceCell(containing: corner), PlaceCell(containing: across))
            let first = try waiting("Me1", at: corner).shownCoordinate
            XCTAssertEqual(PlaceCell(containing: first), PlaceCell(containing: corner))
            XCTAssertEqual(try waiting("Other2", at: across, studies: ["go"]).shownCoordinate, first)
            XCTAssertTrue(try leave("Me1"))
            XCTAssertEqual(try enter("Me1", at: across).shownCoordinate, first)
            XCTAssertEqual(try entry("Me1")?.shownCoordinate, first)
            let next = try enter("Me1", at: corner.moved(200, bearing: 90))
            XCTAssertNotEqual(next.shownCoordinate, first)
            XCTAssertEqual(try waiting("Third3", at: corner.moved(200, bearing: 90)).shownCoordinate, next.shownCoordinate)
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
            XCTAssertTrue(try leave("Me1"))
            XCTAssertEqual(uids(try nearby(seoul, radius: 10, study: "E\"F")), [])
        }
    }

    func testLeaveTakesTheUserOutOfSearch() {
        forEachBackend {
            try register("Me1")
            try waiting("Other2", at: seoul, studies: ["swift"])
            try enter("Me1", at: seoul, studies: ["swift", "java", "go"])
            XCTAssertTrue(try leave("Me1"))
            XCTAssertNil(try entry("Me1"))
            XCTAssertFalse(try leave("Me1"), "not waiting any more")
            XCTAssertEqual(try queueState("Me1").status, .general)
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "swift")), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "go")), [])
        }
    }

    /// A leave that is undone keeps the place: a write that throws after taking it is rolled
    /// back, and leaving is refused (writing nothing) while a match is on.
    func testARefusedOrFailedLeaveKeepsEverything() {
        forEachBackend {
            try waiting("Me1", at: seoul, studies: ["swift"])
            XCTAssertThrowsError(try write { transaction in
                XCTAssertTrue(try transaction.removeFromQueue(self.id("Me1")))
                XCTAssertNil(try transaction.queueEntry(of: self.id("Me1")), "the write sees its own change")
                throw PlannedFailure()
            }) { XCTAssertEqual($0 as? PlannedFailure, PlannedFailure()) }
            XCTAssertEqual(try entry("Me1")?.coordinate, seoul)

            try waiting("Other2", at: seoul)
            try match("Me1", "Other2")
            XCTAssertThrowsError(try leave("Me1")) { XCTAssertEqual($0 as? DomainError, .alreadyMatched) }
            XCTAssertEqual(try latest("Me1")?.isCurrent, true)
            XCTAssertEqual(try queueState("Me1").status, .matched)
        }
    }

    func testWithdrawalTakesTheQueuePlaceWithIt() {
        forEachBackend {
            try register("Me1")
            try waiting("Other2", at: seoul, studies: ["swift"])
            try enter("Me1", at: seoul, studies: ["swift", "java"])
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("Me1"))
            XCTAssertNil(try entry("Me1"))
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Other2"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "java")), [])
        }
    }

    func testProfileChangesShowInSearchAtOnce() {
        forEachBackend {
            try register("Me1", nick: "before")
            try enter("Me1", at: seoul, studies: ["swift"])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100)), ["Me1"])

            _ = try UpdateMyPageUseCase(storage: storage)(me: id("Me1"), MyPageChanges(searchable: false))
            let criteria = SearchCriteria(me: try register("Searcher2"), today: CalendarDate(utcDayOf: queueTestNow), gender: nil)
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: criteria)), [])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, study: "swift", criteria: criteria)), [])

            try change("Me1") {
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
                me: try XCTUnwrap(try user("Searcher2")), today: CalendarDate(utcDayOf: queueTestNow), gender: .female))), [])

            // Age range: I accept only 40+ now, so the 28-year-old searcher is out of my range.
            _ = try UpdateMyPageUseCase(storage: storage)(me: id("Me1"), MyPageChanges(ageMin: 40, ageMax: 65))
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: criteria)), [])
            XCTAssertEqual(uids(try nearby(seoul, radius: 100, criteria: self.criteria(born: (1980, 1, 1)))), ["Me1"], "still waiting, only filtered")
        }
    }

    func testAProfileUpdateOfSomeoneNotWaitingDoesNotQueueThem() {
        forEachBackend {
            let me = try register("Me1")
            _ = try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(searchable: false))
            _ = try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(searchable: true))
            try change("Me1") { $0.nick = try Nick("renamed") }
            XCTAssertNil(try entry("Me1"))
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
