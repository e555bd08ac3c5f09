import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class EventStorageContractTests: StorageContractTestCase {
    /// What `uid` is told by a look at `time` (or `now`), after event `after`.
    private func look(_ uid: String, after: Int64 = 0, at time: Date? = nil) throws -> EventBatch {
        try FollowEventsUseCase(storage: storage, clock: clock(time)).look(me: id(uid), after: after)
    }

    private func told(_ uid: String, after: Int64 = 0, at time: Date? = nil) throws -> [UserEvent] {
        try look(uid, after: after, at: time).events
    }

    private func card(_ uid: String) -> MatchView.Partner { MatchView.Partner(uid: id(uid), nick: try! Nick(uid)) }

    /// Who hears of what: the other user of a request, a match, a review; the recipient of a
    /// message; never the one who acted.
    func testEachChangeTellsTheOtherUserWithItsOwnCommit() {
        forEachBackend {
            try waitingUsers("A")
            try waiting("B", at: Coordinate.at(37.5674, 126.9780))
            try request("A", "B")
            // From where B waits to where A is shown.
            let shown = try XCTUnwrap(try entry("A")).shownCoordinate
            let distance = Int(Coordinate.at(37.5674, 126.9780).distance(to: shown).rounded())
            XCTAssertEqual(try told("B").map(\.kind), [.request(from: card("A"), distance: distance)])
            XCTAssertEqual(try told("B").map(\.createdAt), [now])
            XCTAssertEqual(try told("A"), [], "my own actions tell me nothing")
            try accept("B", "A")
            XCTAssertEqual(try told("A").map(\.kind), [.matched(partner: card("B"))])
            let message = try send("A", "안녕")
            XCTAssertEqual(try told("B").last?.kind, .message(message, from: card("A")))
            XCTAssertEqual(try told("B").last?.createdAt, message.createdAt)
            try review("B", "A", [.helpful, .goodManners])
            XCTAssertEqual(try told("A").last?.kind, .reviewed(by: card("B"), titles: [.goodManners, .helpful]))
            // One numbering for everyone, in commit order.
            let ids = (try told("A") + told("B")).map(\.id).sorted()
            XCTAssertEqual(ids, [1, 2, 3, 4])
            XCTAssertEqual(try told("A").map(\.id), [2, 4])
            XCTAssertEqual(try told("B", after: 1).map(\.id), [3])
            XCTAssertEqual(try read { try $0.latestEventID(of: self.id("A")) }, 4)
            XCTAssertEqual(try read { try $0.latestEventID(of: self.id("B")) }, 3)
            // Following from now on starts after the latest; `--since` starts where it says.
            let follow = FollowEventsUseCase(storage: storage, clock: clock())
            XCTAssertEqual(try follow.start(me: id("A"), since: nil), 4)
            XCTAssertEqual(try follow.start(me: id("A"), since: 1), 1)
        }
    }

    /// The hub's feed: what is committed after it starts, for everyone, oldest first, each
    /// once, whichever connection committed it; history before it started is not news.
    func testTheFeedTellsEveryonesNewEventsOnce() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try request("C", "A")
            let feed = try EventFeed(storage: storage)
            XCTAssertEqual(try feed.next(), [])
            try request("A", "B")
            try accept("B", "A")
            let other = try store.reconnect()
            let message = try SendMessageUseCase(storage: other.storage, clock: clock())(me: id("A"), text: "안녕")
            let fed = try feed.next()
            XCTAssertEqual(fed.map(\.recipient), [id("B"), id("A"), id("B")])
            XCTAssertEqual(fed.map(\.event.kind.name), ["request", "matched", "message"])
            XCTAssertEqual(fed.last?.event.kind, .message(message, from: card("A")))
            XCTAssertEqual(fed.filter { $0.recipient == id("B") }.map(\.event), try told("B"), "as B's own look tells it")
            XCTAssertEqual(fed.filter { $0.recipient == id("A") }.map(\.event), Array(try told("A").dropFirst()), "C's request came before")
            XCTAssertEqual(try feed.next(), [])
        }
    }

    /// A mutual request tells the first requester they are matched; nobody else hears of it.
    func testAMutualRequestTellsTheFirstRequesterOnly() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            try request("A", "B")
            try request("B", "A")
            XCTAssertEqual(try told("A").map(\.kind), [.matched(partner: card("B"))])
            XCTAssertEqual(try told("B").map(\.kind.name), ["request"])
            XCTAssertEqual(try told("C"), [])
        }
    }

    func testARefusedChangeRecordsNoEventAndAReportTellsNobody() {
        forEachBackend {
            try waitingUsers("A", "B")
            XCTAssertThrowsError(try accept("A", "B"))
            XCTAssertThrowsError(try report("A", "B")) { XCTAssertEqual($0 as? DomainError, .notPartner, "a stranger may not report") }
            XCTAssertEqual(try latestEventIDs(), ["A": 0, "B": 0])
            // Only a partner may report: A and B meet and part (and are told so), then A reports B.
            try meetAndPart("A", "B")
            let before = try latestEventIDs()
            XCTAssertNotEqual(before, ["A": 0, "B": 0])
            try report("A", "B")
            XCTAssertEqual(try latestEventIDs(), before, "a report tells nobody")
        }
    }

    func testADodgeTellsAPartnerStillInTheMatchAndThePenaltyEndIsToldOnce() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let (decision, _) = try dodge("A")
            let end = try XCTUnwrap(decision.penaltyUntil)
            XCTAssertEqual(try told("B").last?.kind, .dodged(partner: card("A")))
            let waitingForEnd = try look("A", at: now)
            XCTAssertEqual(waitingForEnd.penaltyEnds, end)
            XCTAssertEqual(waitingForEnd.events.map(\.kind), [.matched(partner: card("B"))])

            let later = end.addingTimeInterval(30)
            let over = try look("A", at: later)
            XCTAssertNil(over.penaltyEnds)
            XCTAssertEqual(over.events.last?.kind, .penaltyOver)
            XCTAssertEqual(over.events.last?.createdAt, end, "dated at the stored end, not at the look")
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: self.id("A")) })
            XCTAssertEqual(try look("A", at: later.addingTimeInterval(60)).events, over.events, "told once")

            // B leaves a match A already left: nobody is told.
            let before = try latestEventIDs()
            _ = try dodge("B")
            XCTAssertEqual(try latestEventIDs(), before)
        }
    }

    /// The hub's sweep: whoever's penalty has run out is told, once, dated at its end, without
    /// looking; whoever's has not, or has none, is not; the storage names those due, soonest first.
    func testTheSweepTellsEveryoneWhosePenaltyRanOutOnce() {
        forEachBackend {
            for uid in ["A", "C", "E"] { _ = try register(uid) }
            let (soon, late) = (now.addingTimeInterval(60), now.addingTimeInterval(600))
            try write { transaction in
                try transaction.setPenaltyNoticeDue(soon, of: self.id("C"))
                try transaction.setPenaltyNoticeDue(self.now, of: self.id("A"))
                try transaction.setPenaltyNoticeDue(late, of: self.id("E"))
            }
            XCTAssertEqual(try read { try $0.penaltyNoticesDue(by: soon, limit: 10) }, [id("A"), id("C")], "soonest first, E not yet")
            XCTAssertEqual(try read { try $0.penaltyNoticesDue(by: soon, limit: 1) }, [id("A")])
            let sweep = TellPenaltiesOverUseCase(storage: storage, clock: clock(soon.addingTimeInterval(1)))
            XCTAssertEqual(try sweep(), 2)
            XCTAssertEqual(try told("A").map(\.kind), [.penaltyOver])
            XCTAssertEqual(try told("A").map(\.createdAt), [now], "dated at its end")
            XCTAssertEqual(try told("C").map(\.createdAt), [soon])
            XCTAssertEqual(try read { try $0.latestEventID(of: self.id("E")) }, 0)
            XCTAssertEqual(try sweep(), 0, "told once")
            XCTAssertEqual(try read { try $0.penaltyNoticeDue(of: self.id("E")) }, late)
        }
    }

    func testANoticeDueIsStoredAndClearedAsTold() {
        forEachBackend {
            let me = try register("A")
            try write { try $0.setPenaltyNoticeDue(self.now, of: me.uid) }
            XCTAssertEqual(try read { try $0.penaltyNoticeDue(of: me.uid) }, now)
            try write { try $0.setPenaltyNoticeDue(nil, of: me.uid) }
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: me.uid) })
            // Of nobody: nothing is stored.
            try write { try $0.setPenaltyNoticeDue(self.now, of: try UserID("Nobody")) }
            XCTAssertNil(try read { try $0.penaltyNoticeDue(of: try UserID("Nobody")) })
        }
    }

    /// Event ids increase in commit order, whichever connection commits.
    func testEventIDsIncreaseInCommitOrderAcrossConnections() {
        forEachBackend {
            let a = try register("A"), b = try register("B")
            let other = try store.reconnect().storage
            var expected: [Int64] = []
            for index in 0..<10 {
                let connection = index.isMultiple(of: 3) ? other : storage
                let recipient = index.isMultiple(of: 2) ? a.uid : b.uid
                let inserted = try connection.write { transaction in
                    try transaction.insertEvent(.penaltyOver, for: recipient, at: self.now, forgettingBefore: self.now.addingTimeInterval(-86_400))
                }
                let latest = try connection.read { try $0.latestEventID(of: recipient) }
                XCTAssertEqual(inserted, latest, "the insert returns the new event's id")
                if let last = expected.last { XCTAssertGreaterThan(latest, last) }
                expected.append(latest)
            }
            let all = try read { try $0.events(of: a.uid, after: 0) + $0.events(of: b.uid, after: 0) }
            XCTAssertEqual(all.map(\.id).sorted(), expected)
            XCTAssertEqual(try read { try $0.events(of: a.uid, after: expected[3]) }.map(\.id), [expected[4], expected[6], expected[8]])
            // An event for nobody is not stored.
            XCTAssertNil(try write { try $0.insertEvent(.penaltyOver, for: try UserID("Nobody"), at: self.now, forgettingBefore: self.now) })
            XCTAssertEqual(try read { try $0.events(of: try UserID("Nobody"), after: 0) }, [])
        }
    }

    func testWithdrawalTakesMyEventsAndOldEventsArePruned() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            for index in 0..<5 { _ = try send("A", "m\(index)") }
            XCTAssertEqual(try told("B").map(\.kind.name), ["request"] + Array(repeating: "message", count: 5))
            // A month and a day later, the next event removes those past 30 days.
            let monthLater = now.addingTimeInterval(31 * 86_400)
            _ = try send("A", "later", at: monthLater)
            XCTAssertEqual(try told("B", at: monthLater).map(\.kind.name), ["message"])
            XCTAssertEqual(try told("A").count, 1, "A's own events are not B's to prune")
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))
            XCTAssertThrowsError(try told("B")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
            XCTAssertEqual(try read { try $0.events(of: self.id("B"), after: 0) }, [])
            XCTAssertEqual(try read { try $0.latestEventID(of: self.id("B")) }, 0)
        }
    }

    /// Events are forgotten a few at a time, oldest first, as new ones are recorded.
    func testPruningForgetsAFewOfTheOldestAtATime() {
        forEachBackend {
            let me = try register("A")
            let old = now.addingTimeInterval(-40 * 86_400)
            let record = { (time: Date) in
                try self.write { _ = try $0.insertEvent(.penaltyOver, for: me.uid, at: time, forgettingBefore: time.addingTimeInterval(-30 * 86_400)) }
            }
            for index in 0..<20 { try record(old.addingTimeInterval(Double(index))) }
            XCTAssertEqual(try read { try $0.events(of: me.uid, after: 0) }.count, 20)
            try record(now)
            let left = try read { try $0.events(of: me.uid, after: 0) }
            XCTAssertEqual(left.count, 13, "the oldest 8 went, not all 20")
            XCTAssertEqual(left.first?.createdAt, old.addingTimeInterval(8))
            XCTAssertEqual(left.last?.createdAt, now)
        }
    }

    /// A page of events: the first `limit` after an id, oldest first; the next page goes on
    /// after the last.
    func testEventsComeAPageAtATimeOldestFirst() {
        forEachBackend {
            let me = try register("A")
            for index in 0..<7 {
                try self.write { try $0.insertEvent(.penaltyOver, for: me.uid, at: now.addingTimeInterval(Double(index)), forgettingBefore: .distantPast) }
            }
            let all = try read { try $0.events(of: me.uid, after: 0) }.map(\.id)
            XCTAssertEqual(all.count, 7)
            XCTAssertEqual(try read { try $0.events(of: me.uid, after: 0, limit: 3) }.map(\.id), Array(all[0..<3]))
            XCTAssertEqual(try read { try $0.events(of: me.uid, after: all[2], limit: 3) }.map(\.id), Array(all[3..<6]))
            XCTAssertEqual(try read { try $0.events(of: me.uid, after: all[5], limit: 3) }.map(\.id), [all[6]])
        }
    }
}
