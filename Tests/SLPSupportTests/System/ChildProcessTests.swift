#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import SLPSupport
import XCTest

/// `ChildProcess`: streams wired as asked, the environment given, the exit status or the signal
/// that ended it, and a program that cannot start said in one line.
final class ChildProcessTests: XCTestCase {
    /// A pipe whose writing end `body` gives a child; what the child wrote, once it ended.
    private func output(_ body: (Int32) throws -> ChildProcess) throws -> (text: String, status: Int32) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let child: ChildProcess
        do {
            child = try body(ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        var text: [UInt8] = []
        while let bytes = FileDescriptorInput.read(from: ends[0]) { text += bytes }
        close(ends[0])
        return (String(decoding: text, as: UTF8.self), child.wait())
    }

    func testStreamsEnvironmentAndExitStatus() throws {
        let run = try output { writing in
            try ChildProcess.start(
                "/bin/sh", arguments: ["sh", "-c", "echo \"$ONLY:$HOME\"; read line; echo \"[$line]\"; echo err >&2; exit 3"],
                environment: ["ONLY=this"], input: .null, output: .descriptor(writing), errors: .descriptor(writing))
        }
        XCTAssertEqual(run.text, "this:\n[]\nerr\n", "the given environment alone; /dev/null as input")
        XCTAssertEqual(run.status, 3)
    }

    func testASignalEndsItAs128PlusItsNumberAndItsGroupIsItsOwn() throws {
        let run = try output { writing in
            try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "cut -d ' ' -f 5 /proc/$$/stat; kill -TERM $$"],
                                   output: .descriptor(writing), ownProcessGroup: true, defaultSignals: true)
        }
        let group = try XCTUnwrap(Int32(run.text.trimmingCharacters(in: .whitespacesAndNewlines)), run.text)
        XCTAssertNotEqual(group, getpgrp(), "a process group of its own")
        XCTAssertEqual(run.status, 128 + SIGTERM)
    }

    func testEndedIsSeenWithoutWaitingAndAProgramThatCannotStartIsOneLine() throws {
        let child = try ChildProcess.start("/bin/sh", arguments: ["sh", "-c", "exit 7"], output: .null)
        var status = child.exitStatusIfEnded()
        // Ends within a minute on any machine; polled, never slept a guessed time.
        let deadline = Date().addingTimeInterval(60)
        while status == nil && Date() < deadline {
            usleep(1_000)
            status = child.exitStatusIfEnded()
        }
        XCTAssertEqual(status, 7)
        XCTAssertThrowsError(try ChildProcess.start("/no/such/program", arguments: ["program"])) { error in
            XCTAssertEqual("\(error)", "cannot start /no/such/program: No such file or directory")
        }
    }
}
