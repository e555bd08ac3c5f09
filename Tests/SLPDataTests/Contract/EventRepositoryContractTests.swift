import Foundation
import SLPDomain
import XCTest

final class EventRepositoryContractTests: RepositoryContractTestCase {
    private func told(_ uid: String, after: Int64 = 0, at time: Date? = nil) throws -> [UserEvent] {
        try events.events(of: id(uid), after: after, now: time ?? now).events
    }

    private func card(_ uid: String) -> MatchView.Partner { MatchView.Partner(uid: id(uid), nick: try! Nick(uid)) }

    private func send(_ uid: String, _ text: String, at time: Date? = nil) throws -> ChatMessage {
        try chats.send(from: id(uid), text: text, at: time ?? now) { try ChatRules.send($0) }
    }

    func testEachChangeTellsTheOtherUserWithItsOwnCommit() {
        forEachBackend {
            try waitingUsers("A")
            try waiting("B", at: Coordinate.at(37.5674, 126.9780))
            try request("A", "B")
            let distance = Int(here.distance(to: Coordinate.at(37.5674, 126.9780)).rounded())
            XCTAssertEqual(try told("B").map(\.kind), [.request(from: card("A"), distance: distance)])
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
            XCTAssertEqual(try events.latestEventID(of: id("A")), 4)
            XCTAssertEqual(try events.latestEventID(of: id("B")), 3)
        }
    }

    func testARefusedChangeRecordsNoEventAndAReportTellsNobody() {
        forEachBackend {
            try waitingUsers("A", "B")
            XCTAssertThrowsError(try accept("A", "B"))
            _ = try matches.decide(id("A"), id("B"), at: now) { try MatchRules.report($0, reason: .rude, comment: nil) }
            XCTAssertEqual(try latestEventIDs(), ["A": 0, "B": 0])
        }
    }

    func testADodgeTellsAPartnerStillInTheMatchAndThePenaltyEndIsToldOnce() {
        forEachBackend {
            try waitingUsers("A", "B")
            try match("A", "B")
            let (decision, _) = try dodge("A")
            let end = try XCTUnwrap(decision.penaltyUntil)
            XCTAssertEqual(try told("B").last?.kind, .dodged(partner: card("A")))
            let waitingForEnd = try events.events(of: id("A"), after: 0, now: now)
            XCTAssertEqual(waitingForEnd.penaltyEnds, end)
            XCTAssertEqual(waitingForEnd.events.map(\.kind), [.matched(partner: card("B"))])

            let later = end.addingTimeInterval(30)
            let over = try events.events(of: id("A"), after: 0, now: later)
            XCTAssertNil(over.penaltyEnds)
            XCTAssertEqual(over.events.last?.kind, .penaltyOver)
            XCTAssertEqual(over.events.last?.createdAt, end, "dated at the stored end, not at the look")
            XCTAssertEqual(try events.events(of: id("A"), after: 0, now: later.addingTimeInterval(60)).events, over.events, "told once")

            // B leaves a match A already left: nobody is told.
            let before = try latestEventIDs()
            _ = try dodge("B")
            XCTAssertEqual(try latestEventIDs(), before)
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
            XCTAssertTrue(try users.remove(uid: id("B")))
            XCTAssertThrowsError(try told("B")) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        }
    }
}
