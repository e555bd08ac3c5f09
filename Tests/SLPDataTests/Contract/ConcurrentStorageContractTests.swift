import Foundation
import SLPDomain
import SLPTestSupport
import Synchronization
import XCTest

/// Several connections to one store writing at the same moment, as several `slp` processes do:
/// every write lands whole, a race has one winner, and events become visible in id order. The
/// in-memory fake belongs to one thread, so these run on the SQL backends (its sequential
/// counterparts run on every backend: `testUpdatesFromTwoConnectionsAllLand`,
/// `testEventIDsIncreaseInCommitOrderAcrossConnections`).
final class ConcurrentStorageContractTests: StorageContractTestCase {
    /// Opens the store anew, to be called on another thread.
    private func elsewhere() throws -> @Sendable () throws -> Store {
        try XCTUnwrap(store.connectElsewhere)
    }

    func testConcurrentWritersOfOneUserAllLand() {
        forEachBackend(StorageBackend.sql) {
            let user = try register("Me1")
            let connect = try elsewhere()
            let results = Threads.run(4) { thread in
                let storage = try connect().storage
                for index in 0..<8 {
                    try storage.write { transaction in
                        guard var stored = try transaction.user(user.uid) else { throw DomainError.notRegistered }
                        stored.comments.append("t\(thread)-\(index)")
                        stored.reputation.add([.kind])
                        try transaction.update(stored)
                    }
                }
            }
            for result in results { XCTAssertNoThrow(try result.get()) }
            let stored = try XCTUnwrap(try self.user("Me1"))
            XCTAssertEqual(stored.comments.count, 32)
            XCTAssertEqual(stored.reputation.counts, [0, 0, 0, 32, 0, 0], "no update was lost")
            for thread in 0..<4 {
                XCTAssertEqual(stored.comments.filter { $0.hasPrefix("t\(thread)-") }, (0..<8).map { "t\(thread)-\($0)" })
            }
        }
    }

    func testOnlyOneOfManyRacingAcceptsMatches() {
        forEachBackend(StorageBackend.sql) {
            try waitingUsers("X", "U0", "U1", "U2", "U3")
            for index in 0..<4 { try request("X", "U\(index)") }
            let connect = try elsewhere()
            let now = self.now
            let results = Threads.run(4) { index in
                try AcceptStudyUseCase(storage: try connect().storage, clock: StoppedClock(now))(me: try UserID("U\(index)"), other: try UserID("X"))
            }
            let winners = results.indices.filter { (try? results[$0].get()) != nil }
            XCTAssertEqual(winners.count, 1)
            for case .failure(let error) in results {
                let refusal = error as? DomainError
                XCTAssertTrue(refusal == .otherMatched || refusal == .otherNotSearching || refusal == .noRequest, "\(error)")
            }
            let winner = "U\(try XCTUnwrap(winners.first))"
            XCTAssertEqual(try latest("X")?.partner?.uid, id(winner))
            XCTAssertEqual(try latestMatchRows(), ["\(winner)|X|X|∅|0|1", "X|\(winner)|\(winner)|∅|0|1"])
            XCTAssertEqual(try requestRows(), [])
            XCTAssertEqual(try queuedUIDs(), ["U0", "U1", "U2", "U3"].filter { $0 != winner })
        }
    }

    /// A follower already waiting for a change (a limit of a minute) is woken by a commit another
    /// connection makes meanwhile: on SQLite by its look at the file's version every 50 ms, on
    /// PostgreSQL by the server's notification. It returns long before its limit (within half
    /// of it: a healthy machine takes milliseconds, one five times slower a fraction of a
    /// second); how soon exactly is `slp-bench`'s figure. The commit comes once the follower has
    /// said it is about to wait, and a moment later; had the wait not begun by then, it would
    /// see the change at once, and pass just the same.
    func testAWaitForChangeWakesOnACommitMadeWhileItWaits() async {
        await forEachBackendAsync(StorageBackend.sql) {
            try waitingUsers("A", "B")
            try match("A", "B")
            let connect = try elsewhere()
            let clock = self.clock()
            let follow = FollowConversationUseCase(storage: storage)
            let token = try follow.changeToken()
            let waiting = DispatchSemaphore(value: 0)
            // When the commit began, and how the committing thread ended (nil while it runs).
            let committing = Mutex<ContinuousClock.Instant?>(nil)
            let ended = Mutex<String?>(nil)
            Thread.detachNewThread {
                do {
                    let other = try connect().storage
                    waiting.wait()
                    usleep(100_000)
                    committing.withLock { $0 = .now }
                    _ = try SendMessageUseCase(storage: other, clock: clock)(me: try UserID("B"), text: "hi")
                    ended.withLock { $0 = "committed" }
                } catch {
                    ended.withLock { $0 = "\(error)" }
                }
            }
            waiting.signal()
            let changed = try await follow.waitForChange(after: token, upTo: .seconds(60))
            let woken = ContinuousClock.now
            XCTAssertNotEqual(changed, token, "woken by the commit")
            let deadline = ContinuousClock.now + .seconds(TimedProcess.patience)
            while ended.withLock({ $0 }) == nil && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            XCTAssertEqual(ended.withLock { $0 }, "committed")
            let began = try XCTUnwrap(committing.withLock { $0 })
            XCTAssertLessThan(woken - began, .seconds(30), "woken by the commit, not by the limit")
            let conversation = try readMessages("A").0
            XCTAssertEqual(try follow.poll(conversation, after: nil).1.map(\.text), ["hi"])
        }
    }

    /// A follower reading after the last event it saw, while others record events for it
    /// concurrently, sees every one: no event becomes visible after one with a higher id.
    func testAFollowerSeesEveryEventWhileOthersCommitConcurrently() {
        forEachBackend(StorageBackend.sql) {
            let recipient = try register("R").uid
            let connect = try elsewhere()
            let now = self.now
            let writers = 4, perWriter = 15
            let results = Threads.run(writers + 1) { index -> [Int64] in
                let storage = try connect().storage
                guard index == 0 else {
                    for _ in 0..<perWriter {
                        try storage.write { _ = try $0.insertEvent(.penaltyOver, for: recipient, at: now, forgettingBefore: .distantPast) }
                    }
                    return []
                }
                var seen: [Int64] = []
                let deadline = Date().addingTimeInterval(60)
                while seen.count < writers * perWriter, Date() < deadline {
                    seen += try storage.read { try $0.events(of: recipient, after: seen.last ?? 0) }.map(\.id)
                }
                return seen
            }
            for result in results { XCTAssertNoThrow(try result.get()) }
            let seen = try results[0].get()
            let all = try read { try $0.events(of: recipient, after: 0) }.map(\.id)
            XCTAssertEqual(all.count, writers * perWriter)
            XCTAssertEqual(seen, all, "the follower missed none and saw each once")
        }
    }

    /// The hub's feed, reading everyone's events while writers tell different users things
    /// concurrently (on PostgreSQL ids are drawn before commit, so a later id may commit first):
    /// every event once, each recipient's in id order.
    func testTheFeedDeliversEveryoneEachEventOnceWhileOthersCommitConcurrently() {
        forEachBackend(StorageBackend.sql) {
            let recipients = try (0..<4).map { try register("R\($0)").uid }
            let connect = try elsewhere()
            let now = self.now
            let perWriter = 15
            // Writers start once the feed has: what comes before it is history.
            let started = DispatchSemaphore(value: 0)
            let results = Threads.run(recipients.count + 1) { index -> [AddressedEvent] in
                let storage = try connect().storage
                guard index == 0 else {
                    started.wait()
                    for _ in 0..<perWriter {
                        try storage.write { _ = try $0.insertEvent(.penaltyOver, for: recipients[index - 1], at: now, forgettingBefore: .distantPast) }
                    }
                    return []
                }
                let opened = Result { try EventFeed(storage: storage) }
                for _ in recipients { started.signal() }
                let feed = try opened.get()
                var seen: [AddressedEvent] = []
                let deadline = Date().addingTimeInterval(60)
                while seen.count < recipients.count * perWriter, Date() < deadline { seen += try feed.next() }
                return seen
            }
            for result in results { XCTAssertNoThrow(try result.get()) }
            let seen = try results[0].get()
            for recipient in recipients {
                let all = try read { try $0.events(of: recipient, after: 0) }.map(\.id)
                XCTAssertEqual(all.count, perWriter)
                XCTAssertEqual(seen.filter { $0.recipient == recipient }.map(\.event.id), all, "each once, in order")
            }
        }
    }

    /// Push senders claiming at the same moment from connections of their own never get the
    /// same push (each write of SQLite's takes the file in turn; PostgreSQL's claims lock the rows
    /// they take and pass over those another holds), and never a user's second push while the
    /// first is leased.
    func testSendersClaimingAtOnceNeverGetTheSamePush() {
        forEachBackend(StorageBackend.sql) {
            let users = 24
            var first: Set<Int64> = []
            for index in 0..<users {
                let uid = "P\(index)"
                try register(uid)
                try change(uid) { $0.pushToken = try PushToken("token-\(index)") }
                for kind in [UserEventKind.matched(partner: MatchView.Partner(uid: id("X1"), nick: try Nick("X"))), .dodged(partner: MatchView.Partner(uid: id("X1"), nick: try Nick("X")))] {
                    let event = try write { transaction in
                        let event = try XCTUnwrap(try transaction.insertEvent(kind, for: self.id(uid), at: self.now, forgettingBefore: .distantPast))
                        try transaction.enqueuePush(event: event, for: self.id(uid), at: self.now, forgettingBefore: .distantPast)
                        return event
                    }
                    if case .matched = kind { first.insert(event) }
                }
            }
            let connect = try elsewhere()
            let now = self.now
            let results = Threads.run(4) { index -> [Int64] in
                let claim = ClaimPushesUseCase(storage: try connect().storage, clock: StoppedClock(now))
                var claimed: [Int64] = []
                while true {
                    let batch = try claim(owner: "sender-\(index)", lease: .seconds(60), limit: 3)
                    if batch.isEmpty { return claimed }
                    claimed += batch.map(\.eventID)
                }
            }
            let claimed = try results.flatMap { try $0.get() }
            XCTAssertEqual(claimed.count, users, "each user's first push, once")
            XCTAssertEqual(Set(claimed), first)
            for (index, result) in results.enumerated() {
                for event in try result.get() { XCTAssertEqual(try read { try $0.pushLeaseOwner(event: event) }, "sender-\(index)") }
            }
        }
    }
}
