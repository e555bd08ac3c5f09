import Foundation
import SLPTestSupport
import XCTest

/// `slp demo`'s temporary directory is removed however the demo ends: a closed pipe, Ctrl-C,
/// SIGTERM. Each run gets a fresh `TMPDIR`, which must be empty afterwards.
final class DemoCleanupCLITests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var temporary: String { directory.path("tmp") }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    }

    override func tearDown() {
        directory = nil
        super.tearDown()
    }

    private var slp: SLPBinary { SLPBinary(database: nil, now: nil, extra: ["TMPDIR": temporary]) }

    private func leftInTemporary() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporary)
    }

    /// README's case: a reader that stops after two lines.
    func testPipedIntoHeadItLeavesNothing() throws {
        let outcome = try TimedProcess.run(["/bin/sh", "-c", #""$0" demo | head -2"#, SLPBinary.url.path], environment: slp.environment)
        XCTAssertEqual(outcome.status, 0, outcome.stderrText)
        XCTAssertEqual(outcome.stdoutText.split(separator: "\n").count, 2, outcome.stdoutText)
        XCTAssertEqual(try leftInTemporary(), [])
    }

    /// A pipe already closed when the demo first writes: it dies of SIGPIPE, as a command does,
    /// and its directory is gone.
    func testAClosedPipeLeavesNothing() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let demo = try start(stdout: pipe.fileHandleForWriting)
        demo.waitUntilExit()
        XCTAssertEqual(demo.terminationReason, .uncaughtSignal)
        XCTAssertEqual(demo.terminationStatus, SIGPIPE)
        XCTAssertEqual(try leftInTemporary(), [])
    }

    func testCtrlCAndSIGTERMLeaveNothing() throws {
        for signalNumber in [SIGINT, SIGTERM] {
            // A full pipe nobody reads: the demo's first line blocks, its directory already made.
            let pipe = Pipe()
            try fill(pipe)
            let demo = try start(stdout: pipe.fileHandleForWriting)
            let deadline = Date().addingTimeInterval(SLPBinary.patience)
            while try leftInTemporary().isEmpty, demo.isRunning, Date() < deadline { usleep(5_000) }
            XCTAssertEqual(try leftInTemporary().count, 1, "the demo made its directory")
            XCTAssertTrue(demo.isRunning, "the demo waits on the full pipe")
            kill(demo.processIdentifier, signalNumber)
            demo.waitUntilExit()
            XCTAssertEqual(demo.terminationReason, .uncaughtSignal, "signal \(signalNumber)")
            XCTAssertEqual(demo.terminationStatus, signalNumber)
            XCTAssertEqual(try leftInTemporary(), [], "signal \(signalNumber)")
        }
    }

    private func start(stdout: FileHandle) throws -> Process {
        let process = Process()
        process.executableURL = SLPBinary.url
        process.arguments = ["demo"]
        process.environment = slp.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Writes into `pipe` until it holds no more.
    private func fill(_ pipe: Pipe) throws {
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        let flags = fcntl(descriptor, F_GETFL)
        XCTAssertEqual(fcntl(descriptor, F_SETFL, flags | O_NONBLOCK), 0)
        var byte: UInt8 = 0x2E
        let page = [UInt8](repeating: byte, count: 4096)
        while write(descriptor, page, page.count) > 0 {}
        while write(descriptor, &byte, 1) == 1 {}
        XCTAssertEqual(errno, EAGAIN)
        // The demo's end of the pipe blocks again.
        XCTAssertEqual(fcntl(descriptor, F_SETFL, flags), 0)
    }
}
