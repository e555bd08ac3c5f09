#if canImport(Glibc)
import Glibc
#endif
import SLPRealtime
import SLPTestSupport
import XCTest

final class EventLoopTests: XCTestCase {
    func testTimersFireInTheOrderOfTheirDeadlinesAndACancelledOneNever() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        loop.after(.milliseconds(30)) { fired.append("late"); loop.stop() }
        let cancelled = loop.after(.milliseconds(10)) { fired.append("cancelled") }
        loop.after(.milliseconds(5)) { fired.append("early") }
        loop.cancel(cancelled)
        try loop.run()
        XCTAssertEqual(fired, ["early", "late"])
    }

    /// A far deadline cancelled and set again and again (a session's token expiry, re-armed at
    /// each of its requests) does not pile up until it comes: the loop keeps about what is live.
    func testCancelledDeadlinesDoNotPileUp() throws {
        let loop = try EventLoop()
        var timer = loop.after(.seconds(3_600)) {}
        for _ in 0..<10_000 {
            loop.cancel(timer)
            timer = loop.after(.seconds(3_600)) {}
        }
        XCTAssertLessThanOrEqual(loop.deadlinesKept, 100)
    }

    /// What is left after cancelled deadlines are dropped still comes in order of deadline.
    func testDeadlinesLeftAfterADropStillComeInOrder() throws {
        let loop = try EventLoop()
        let delays = (1...60).map { $0 * 37 % 61 }
        var fired: [Int] = []
        for delay in delays {
            loop.after(.milliseconds(delay)) {
                fired.append(delay)
                if fired.count == delays.count { loop.stop() }
            }
            // Cancelled ones among them, sooner and later, so that dropping them leaves gaps.
            for index in 0..<10 { loop.cancel(loop.after(.microseconds(index * 7_919 % 61_000)) {}) }
        }
        try loop.run()
        XCTAssertEqual(fired, delays.sorted())
    }

    func testAMessagePostedFromAnotherThreadReachesTheLoop() throws {
        let loop = try EventLoop()
        let mailbox = try LoopMailbox<Int>()
        var received: [Int] = []
        try loop.watch(mailbox) { messages in
            received += messages
            if received.count == 3 { loop.stop() }
        }
        let poster = Thread {
            for value in 1...3 { mailbox.post(value) }
        }
        poster.start()
        // A deadline a machine far slower than this one still meets: the loop stops when all three came.
        loop.after(.seconds(30)) { loop.stop() }
        try loop.run()
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testAConnectionToTheListenerIsReadableThroughTheLoop() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock").path
        defer { unlink(path) }
        let listener = try UnixListener(path: path)
        let loop = try EventLoop()
        var read: [UInt8] = []
        try loop.watch(listener.descriptor) { _ in
            while let connection = listener.accept() {
                try? loop.watch(connection) { readiness in
                    var buffer = [UInt8](repeating: 0, count: 16)
                    let count = Glibc.read(connection, &buffer, 16)
                    if count > 0 { read += buffer[..<count] }
                    if count == 0 || readiness.hangUp {
                        loop.forget(connection)
                        close(connection)
                        loop.stop()
                    }
                }
            }
        }
        do {
            let client = try WebSocketTestClient(path: path)
            client.send("hub")
        }
        loop.after(.seconds(30)) { loop.stop() }
        try loop.run()
        XCTAssertEqual(read, Array("hub".utf8))
    }
}
