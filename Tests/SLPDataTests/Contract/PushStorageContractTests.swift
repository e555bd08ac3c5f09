import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The push outbox as every backend stores it: the plain operations the push use cases build
/// on, each doing what it says, and those use cases over them.
final class PushStorageContractTests: StorageContractTestCase {
    /// Registers `uid` with push token `token`.
    @discardableResult
    private func registerWithToken(_ uid: String, _ token: String) throws -> User {
        try register(uid)
        return try change(uid) { $0.pushToken = try PushToken(token) }
    }

    /// Records an event of `kind` for `uid` at `time` and queues its push, as `EventRules` does; returns its id.
    @discardableResult
    private func queue(_ kind: UserEventKind, for uid: String, at time: Date? = nil) throws -> Int64 {
        let time = time ?? now
        return try write { transaction in
            let event = try XCTUnwrap(try transaction.insertEvent(kind, for: self.id(uid), at: time, forgettingBefore: .distantPast))
            try transaction.enqueuePush(event: event, for: self.id(uid), at: time, forgettingBefore: time.addingTimeInterval(-3_600))
            return event
        }
    }

    private func due(at time: Date? = nil, limit: Int = 100) throws -> [QueuedPush] {
        try read { try $0.duePushes(by: time ?? self.now, limit: limit) }
    }

    private func card(_ uid: String) -> MatchView.Partner { MatchView.Partner(uid: id(uid), nick: try! Nick(uid)) }

    func testDuePushesAreEachUsersOldestSoonestDueFirstWithTheirEventAndToken() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            try registerWithToken("B", "token-b")
            let first = try queue(.matched(partner: card("B")), for: "A")
            let second = try queue(.dodged(partner: card("B")), for: "A")
            let other = try queue(.request(from: card("A"), distance: 42), for: "B", at: now.addingTimeInterval(-1))
            let found = try due()
            XCTAssertEqual(found.map(\.eventID), [other, first], "B's was due first; A's second waits behind A's first")
            XCTAssertEqual(found.map(\.recipient), [id("B"), id("A")])
            XCTAssertEqual(found.map(\.token.value), ["token-b", "token-a"])
            XCTAssertEqual(found.map(\.attempts), [0, 0])
            XCTAssertEqual(found.last?.event, UserEvent(id: first, createdAt: now, kind: .matched(partner: card("B"))))
            XCTAssertEqual(try due(limit: 1).map(\.eventID), [other])
            XCTAssertEqual(try due(at: now.addingTimeInterval(-0.5)).map(\.eventID), [other], "not due before its time")
            try write { try $0.deletePush(event: first) }
            XCTAssertEqual(try due().map(\.eventID), [other, second])
            XCTAssertEqual(try read { try $0.pushCounts() }.pending, 2)
        }
    }

    func testALeaseMakesAPushDueWhenItRunsOutAndAnotherOwnerTakesItOver() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            let event = try queue(.matched(partner: card("B")), for: "A")
            XCTAssertNil(try read { try $0.pushLeaseOwner(event: event) })
            let until = now.addingTimeInterval(30)
            try write { try $0.leasePush(event: event, to: "s1", until: until) }
            XCTAssertEqual(try read { try $0.pushLeaseOwner(event: event) }, "s1")
            XCTAssertEqual(try due(at: until.addingTimeInterval(-0.001)), [])
            XCTAssertEqual(try due(at: until).map(\.eventID), [event], "still s1's, but due to whoever claims")
            XCTAssertEqual(try read { try $0.pushLeaseOwner(event: event) }, "s1", "a lease run out still names its owner")
            try write { try $0.leasePush(event: event, to: "s2", until: until.addingTimeInterval(30)) }
            XCTAssertEqual(try read { try $0.pushLeaseOwner(event: event) }, "s2")
            XCTAssertEqual(try due(at: until), [])
        }
    }

    func testARescheduledPushIsDueLaterTriedAgainAndLeasedToNobody() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            let event = try queue(.matched(partner: card("B")), for: "A")
            try write { try $0.leasePush(event: event, to: "s1", until: self.now.addingTimeInterval(30)) }
            let later = now.addingTimeInterval(5)
            try write { try $0.reschedulePush(event: event, at: later, attempts: 3) }
            XCTAssertNil(try read { try $0.pushLeaseOwner(event: event) })
            XCTAssertEqual(try due(at: later.addingTimeInterval(-0.001)), [])
            XCTAssertEqual(try due(at: later).map(\.attempts), [3])
            try write { try $0.deletePush(event: event) }
            XCTAssertEqual(try due(at: later), [])
            XCTAssertNil(try read { try $0.pushLeaseOwner(event: event) })
        }
    }

    /// Queuing forgets that recipient's pushes older than the cutoff, and nobody else's.
    func testQueuingForgetsTheRecipientsOldPushesOnly() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            try registerWithToken("B", "token-b")
            let old = now.addingTimeInterval(-7_200)
            try queue(.matched(partner: card("B")), for: "A", at: old)
            let othersOld = try queue(.matched(partner: card("A")), for: "B", at: old)
            let recent = try queue(.dodged(partner: card("B")), for: "A", at: now.addingTimeInterval(-60))
            XCTAssertEqual(try due().map(\.eventID), [othersOld, recent])
            XCTAssertEqual(try read { try $0.pushCounts() }.pending, 2)
        }
    }

    /// A forgotten event leaves its push without it; a withdrawn recipient takes theirs along.
    func testAForgottenEventLeavesItsPushBareAndAWithdrawnRecipientTakesTheirs() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            try registerWithToken("B", "token-b")
            let old = now.addingTimeInterval(-40 * 86_400)
            let forgotten = try write { transaction in
                let event = try XCTUnwrap(try transaction.insertEvent(.matched(partner: self.card("B")), for: self.id("A"), at: old, forgettingBefore: .distantPast))
                try transaction.enqueuePush(event: event, for: self.id("A"), at: self.now, forgettingBefore: .distantPast)
                // The next event forgets the one 40 days old.
                _ = try transaction.insertEvent(.penaltyOver, for: self.id("A"), at: self.now, forgettingBefore: self.now.addingTimeInterval(-30 * 86_400))
                return event
            }
            let bare = try XCTUnwrap(try due().first)
            XCTAssertEqual(bare.eventID, forgotten)
            XCTAssertNil(bare.event)
            try queue(.matched(partner: card("A")), for: "B")
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: id("B"))
            XCTAssertEqual(try due().map(\.eventID), [forgotten])
        }
    }

    func testATokenIsClearedOnlyWhileItIsStillTheOne() {
        forEachBackend {
            try registerWithToken("A", "token-a")
            XCTAssertFalse(try write { try $0.clearPushToken(of: self.id("A"), ifStill: try PushToken("token-old")) })
            XCTAssertEqual(try user("A")?.pushToken.value, "token-a")
            XCTAssertFalse(try write { try $0.clearPushToken(of: self.id("Nobody"), ifStill: try PushToken("token-a")) })
            XCTAssertTrue(try write { try $0.clearPushToken(of: self.id("A"), ifStill: try PushToken("token-a")) })
            XCTAssertEqual(try user("A")?.pushToken, PushToken.none)
            XCTAssertFalse(try write { try $0.clearPushToken(of: self.id("A"), ifStill: .none) })
        }
    }

    /// One phone, one account: a token is cleared from everyone else who has it.
    func testATokenIsClearedFromEveryOtherAccount() {
        forEachBackend {
            try registerWithToken("A", "shared")
            try registerWithToken("B", "shared")
            try registerWithToken("C", "token-c")
            try register("D")
            XCTAssertEqual(try write { try $0.clearPushToken(try PushToken("shared"), exceptFor: self.id("C")) }, 2)
            XCTAssertEqual(try ["A", "B", "C", "D"].map { try user($0)?.pushToken.value }, ["", "", "token-c", ""])
            try change("A") { $0.pushToken = try PushToken("shared") }
            XCTAssertEqual(try write { try $0.clearPushToken(try PushToken("shared"), exceptFor: self.id("A")) }, 0)
            XCTAssertEqual(try write { try $0.clearPushToken(.none, exceptFor: self.id("A")) }, 0, "no token is nobody's")
            XCTAssertEqual(try user("A")?.pushToken.value, "shared")
        }
    }

    func testCountersAddUpAndPendingIsCountedFromTheOutbox() {
        forEachBackend {
            XCTAssertEqual(try read { try $0.pushCounts() }, PushCounts())
            try write { try $0.addToPushCounts(PushCounts(pending: 9, sent: 3, dropped: 1)) }
            try write { try $0.addToPushCounts(PushCounts(sent: 2, retried: 4, tokensCleared: 1, parked: 5)) }
            try registerWithToken("A", "token-a")
            try queue(.matched(partner: card("B")), for: "A")
            XCTAssertEqual(try ReadPushCountsUseCase(storage: storage)(), PushCounts(pending: 1, sent: 5, retried: 4, dropped: 1, tokensCleared: 1, parked: 5))
        }
    }

    /// The use cases over each backend: an event's push is claimed, a request withdrawn before
    /// its push went is dropped, and outcomes do what they say.
    func testPushesFollowTheEventsThroughClaimsAndOutcomes() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            for uid in ["A", "B", "C"] { _ = try UpdatePushTokenUseCase(storage: storage)(me: id(uid), token: "token-\(uid)") }
            try request("A", "B")
            try request("C", "B")
            try request("A", "C")
            let claim = ClaimPushesUseCase(storage: storage, clock: clock())
            let first = try claim(owner: "s1", lease: .seconds(30), limit: 10)
            XCTAssertEqual(first.map(\.recipient), [id("B"), id("C")])
            XCTAssertEqual(first.map(\.notice.body), ["A님이 함께 공부하고 싶어해요", "A님이 함께 공부하고 싶어해요"])
            XCTAssertEqual(first.map(\.token.value), ["token-B", "token-C"])
            XCTAssertEqual(try claim(owner: "s2", lease: .seconds(30), limit: 10), [])
            // C accepts A: matching voids C's request to B, no news any more when B's next is claimed.
            try accept("C", "A")
            try RecordPushOutcomesUseCase(storage: storage, clock: clock())(owner: "s1", [(first[0], .sent), (first[1], .tokenGone)])
            XCTAssertEqual(try user("C")?.pushToken, PushToken.none)
            let next = try claim(owner: "s1", lease: .seconds(30), limit: 10)
            XCTAssertEqual(next.map(\.notice.route), [.studyAccepted])
            XCTAssertEqual(next.map(\.recipient), [id("A")])
            XCTAssertEqual(try ReadPushCountsUseCase(storage: storage)(), PushCounts(pending: 1, sent: 1, dropped: 1, tokensCleared: 1))
        }
    }

    /// A sender known to be gone leaves its pushes to the next claim at once; a living one's
    /// stay leased; the look before a claim sees only what a claim would take, and writes nothing.
    func testLeasesOfAGoneSenderAreTakenOverAtOnceAndALivingOnesAreKept() {
        forEachBackend {
            try waitingUsers("A", "B", "C")
            for uid in ["A", "B", "C"] { _ = try UpdatePushTokenUseCase(storage: storage)(me: id(uid), token: "token-\(uid)") }
            try request("A", "B")
            try request("A", "C")
            let due = CheckPushesDueUseCase(storage: storage, clock: clock())
            XCTAssertTrue(try due())
            let claim = ClaimPushesUseCase(storage: storage, clock: clock())
            let gone = try claim(owner: "host/1/gone", lease: .seconds(120), limit: 1)
            let living = try claim(owner: "host/2/living", lease: .seconds(120), limit: 1)
            XCTAssertEqual(gone.count + living.count, 2)
            XCTAssertFalse(try due(), "both leased")
            XCTAssertEqual(try read { try $0.pushLeaseHolders(at: self.now) }, ["host/1/gone", "host/2/living"])
            let takeOver = TakeOverPushLeasesUseCase(storage: storage, clock: clock())
            XCTAssertEqual(try takeOver(isGone: { $0.hasSuffix("/gone") }), 1)
            XCTAssertEqual(try read { try $0.pushLeaseHolders(at: self.now) }, ["host/2/living"])
            XCTAssertTrue(try due())
            XCTAssertEqual(try claim(owner: "host/3/new", lease: .seconds(120), limit: 10).map(\.eventID), gone.map(\.eventID))
            XCTAssertEqual(try takeOver(isGone: { $0.hasSuffix("/gone") }), 0, "nothing of the gone one left")
            XCTAssertEqual(try read { try $0.pushLeaseHolders(at: self.now.addingTimeInterval(121)) }, [], "leases run out")
        }
    }
}
