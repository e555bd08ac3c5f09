#if PostgreSQL
import Foundation
@testable import SLPData
import SLPDomain
import SLPPrivateCluster
import SLPTestSupport
import Synchronization
import XCTest

/// What PostgreSQL's serializable writes promise when two writers overlap, with the overlap
/// forced rather than hoped for: another session changes the row a write has read, or waits on a
/// row the write holds, at a chosen point inside the write's transaction. The other session is
/// the test's own libpq connection (`PrivateCluster.query`) or another `PGStorage`, and the point
/// is reached by what the server says (`pg_stat_activity`), never by a guessed pause.
final class PGConflictTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.125)

    /// A write reads a user; before it writes the user back, another session changes that user
    /// and commits. The write's UPDATE then cannot serialize (40001): the whole transaction runs
    /// again, reads the other's change, and both land. Nothing is lost, nothing done twice.
    func testAWriteThatLosesASerializationConflictRunsAgainWholeAndLosesNoUpdate() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let storage = PGStorage(database: try PGDatabase(uri: uri))
        let uid = try UserID("Racer")
        XCTAssertTrue(try storage.write { try $0.insert(.stub(uid: "Racer")) })
        var attempts = 0
        try storage.write { transaction in
            attempts += 1
            guard var user = try transaction.user(uid) else { throw DomainError.notRegistered }
            if attempts == 1 {
                // The test's own session, committing on its own while this transaction is open.
                try cluster.query("UPDATE slp.users SET nick = '다른손' WHERE uid = 'Racer'", on: uri)
            }
            user.comments.append("mine \(attempts)")
            try transaction.update(user)
        }
        XCTAssertEqual(attempts, 2, "the first attempt lost the conflict and the whole transaction ran again")
        let stored = try XCTUnwrap(try storage.read { try $0.user(uid) })
        XCTAssertEqual(stored.nick.description, "다른손", "the other session's change was read and kept")
        XCTAssertEqual(stored.comments, ["mine 2"], "the write landed once, from its second run")
    }

    /// A conflict on every try: the write gives up after the policy's tries, as busy, storing
    /// nothing of its own.
    func testAWriteThatKeepsLosingGivesUpAsBusyAfterItsTries() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let policy = RetryPolicy(busyTimeoutMilliseconds: 5_000, maxAttempts: 3, initialBackoffMilliseconds: 1)
        let storage = PGStorage(database: try PGDatabase(uri: uri, policy: policy))
        let uid = try UserID("Racer")
        XCTAssertTrue(try storage.write { try $0.insert(.stub(uid: "Racer")) })
        var attempts = 0
        XCTAssertThrowsError(try storage.write { transaction in
            attempts += 1
            guard var user = try transaction.user(uid) else { throw DomainError.notRegistered }
            try cluster.query("UPDATE slp.users SET nick = '다른손\(attempts)' WHERE uid = 'Racer'", on: uri)
            user.comments.append("mine")
            try transaction.update(user)
        }) { error in
            XCTAssertEqual((error as? any StorageFailure)?.storageFailureKind, .busy, "\(error)")
        }
        XCTAssertEqual(attempts, 3)
        let stored = try XCTUnwrap(try storage.read { try $0.user(uid) })
        XCTAssertEqual(stored.nick.description, "다른손3")
        XCTAssertEqual(stored.comments, [], "nothing of the refused write")
    }

    /// Writer A tells R something and stays open; writer B, on another connection, tells R
    /// something too and is seen waiting for R's row. While A is open a reader sees neither
    /// event; once A commits, B loses the conflict, runs again with a later id, and commits. So
    /// R's events become visible in id order: a follower reading after the last id it saw never
    /// misses one that commits late with a smaller id.
    func testOverlappingWritersToldTheSameUserCommitTheirEventsInIdOrder() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let writerA = PGStorage(database: try PGDatabase(uri: uri))
        let reader = PGStorage(database: try PGDatabase(uri: uri))
        let recipient = try UserID("Told")
        XCTAssertTrue(try writerA.write { try $0.insert(.stub(uid: "Told")) })
        let database = try XCTUnwrap(try cluster.query("SELECT current_database()", on: uri).first?.first ?? nil)
        let laterTime = now.addingTimeInterval(1)

        let attemptsOfB = Mutex(0)
        let doneB = DispatchSemaphore(value: 0)
        let failureOfB = Mutex<String?>(nil)
        try writerA.write { transaction in
            try transaction.insertEvent(.penaltyOver, for: recipient, at: now, forgettingBefore: .distantPast)
            Thread.detachNewThread {
                do {
                    let writerB = PGStorage(database: try PGDatabase(uri: uri))
                    try writerB.write { transaction in
                        attemptsOfB.withLock { $0 += 1 }
                        try transaction.insertEvent(.penaltyOver, for: recipient, at: laterTime, forgettingBefore: .distantPast)
                    }
                } catch {
                    failureOfB.withLock { $0 = "\(error)" }
                }
                doneB.signal()
            }
            // B is inside its transaction, waiting for the row A holds: the server says so.
            let deadline = Date().addingTimeInterval(TimedProcess.patience)
            var waiting = false
            while !waiting && Date() < deadline {
                waiting = try cluster.query("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE datname = '\(database)' AND application_name = 'slp' AND wait_event_type = 'Lock'
                    """, on: uri).first?.first == "1"
                if !waiting { usleep(2_000) }
            }
            XCTAssertTrue(waiting, "B never waited for A's row")
            XCTAssertEqual(try reader.read { try $0.events(of: recipient, after: 0) }, [], "nothing committed while A is open")
        }
        XCTAssertEqual(doneB.wait(timeout: .now() + TimedProcess.patience), .success, "B finished")
        XCTAssertNil(failureOfB.withLock { $0 })
        XCTAssertEqual(attemptsOfB.withLock { $0 }, 2, "B lost the conflict once and ran again")
        let events = try reader.read { try $0.events(of: recipient, after: 0) }
        XCTAssertEqual(events.map(\.createdAt), [now, laterTime], "A's event first, B's after")
        XCTAssertEqual(events.count, 2)
        if events.count == 2 { XCTAssertLessThan(events[0].id, events[1].id, "B's id is later than A's, as its commit is") }
    }

    /// A sender's claim is open and holds the due push it took; a second sender claiming
    /// meanwhile passes over that push and returns with the other user's, without waiting for
    /// the first claim to end (and so without being cancelled against it when it commits).
    func testAClaimPassesOverThePushAnotherOpenClaimHoldsWithoutWaitingForIt() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let first = PGStorage(database: try PGDatabase(uri: uri))
        let now = self.now
        for (index, uid) in ["Held", "Free"].enumerated() {
            try first.write { transaction in
                var user = User.stub(uid: uid, phone: "010-1234-000\(index)")
                user.pushToken = try PushToken("token-\(uid)")
                XCTAssertTrue(try transaction.insert(user))
                let matched = UserEventKind.matched(partner: MatchView.Partner(uid: try UserID("Partner"), nick: try Nick("짝")))
                let event = try XCTUnwrap(try transaction.insertEvent(
                    matched, for: try UserID(uid), at: now.addingTimeInterval(Double(index)), forgettingBefore: .distantPast))
                try transaction.enqueuePush(event: event, for: try UserID(uid), at: now, forgettingBefore: .distantPast)
            }
        }
        let claimedBySecond = Mutex<Result<[String], any Error>?>(nil)
        let secondDone = DispatchSemaphore(value: 0)
        try first.claim { transaction in
            let due = try transaction.duePushes(by: now, limit: 1)
            XCTAssertEqual(due.map(\.recipient.description), ["Held"])
            for push in due { try transaction.leasePush(event: push.eventID, to: "first", until: now.addingTimeInterval(60)) }
            Thread.detachNewThread {
                let result = Result {
                    let second = PGStorage(database: try PGDatabase(uri: uri))
                    return try ClaimPushesUseCase(storage: second, clock: StoppedClock(now))(owner: "second", lease: .seconds(60), limit: 10)
                        .map(\.recipient.description)
                }
                claimedBySecond.withLock { $0 = result }
                secondDone.signal()
            }
            // Bounded so that a claim that waits fails here rather than holding the first open forever.
            XCTAssertEqual(secondDone.wait(timeout: .now() + TimedProcess.patience), .success, "the second claim waited for the first")
        }
        if claimedBySecond.withLock({ $0 }) == nil { _ = secondDone.wait(timeout: .now() + TimedProcess.patience) }
        let claimed = try XCTUnwrap(claimedBySecond.withLock { $0 }).get()
        XCTAssertEqual(claimed, ["Free"], "the held push passed over, the other taken")
    }
}
#endif
