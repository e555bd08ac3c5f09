import Foundation
import SLPTestSupport
import XCTest

/// The deadline every child of the tests has (`TimedProcess`): one that hangs is killed, with what
/// it started, and the failure says what it printed; one that ends is reported exactly.
final class TimedProcessTests: XCTestCase {
    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-timed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// Whether `pid` is gone (or a zombie waiting to be reaped by whoever took it over).
    private func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command name in parentheses.
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    func testAChildPastItsDeadlineIsKilledWithWhatItStartedAndSaysWhatItPrinted() throws {
        let pidFile = try scratch().appendingPathComponent("background.pid").path
        let started = Date()
        XCTAssertThrowsError(try TimedProcess.run(
            ["/bin/sh", "-c", #"sleep 600 & echo $! > "$0"; echo started; echo trouble >&2; wait"#, pidFile],
            environment: ["PATH": "/usr/bin:/bin"], timeout: 5)) { error in
            guard let timeout = error as? ProcessTimeout else { return XCTFail("\(error)") }
            XCTAssertEqual(String(decoding: timeout.stdout, as: UTF8.self), "started\n")
            XCTAssertEqual(String(decoding: timeout.stderr, as: UTF8.self), "trouble\n")
            XCTAssertTrue(timeout.description.hasPrefix("/bin/sh -c "), timeout.description)
            XCTAssertTrue(timeout.description.contains(#"did not end within 5 s and was killed; its standard output: "started\n"; its standard error: "trouble\n""#),
                          timeout.description)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 300, "ended by its deadline, not by the 600 s sleep")
        let background = try XCTUnwrap(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = Date().addingTimeInterval(TimedProcess.patience)
        while !isGone(background) && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(isGone(background), "the sleep it started in the background was killed with it")
    }

    func testAChildThatEndsIsReportedExactly() throws {
        let directory = try scratch()
        let environment = ["PATH": "/usr/bin:/bin"]
        let echoed = try TimedProcess.run(["/bin/cat"], environment: environment, stdin: Data("안녕\nbytes \u{0}\n".utf8))
        XCTAssertEqual(echoed.status, 0)
        XCTAssertNil(echoed.signal)
        XCTAssertEqual(echoed.stdoutText, "안녕\nbytes \u{0}\n")
        let exited = try TimedProcess.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], environment: environment)
        XCTAssertEqual([exited.status], [3])
        XCTAssertEqual([exited.stdoutText, exited.stderrText], ["out\n", "err\n"])
        let killed = try TimedProcess.run(["/bin/sh", "-c", "kill -9 $$"], environment: environment)
        XCTAssertEqual(killed.signal, 9)
        XCTAssertEqual(killed.status, 9, "a signal's number, as Foundation's Process says")
        let place = try TimedProcess.run(["/bin/sh", "-c", "pwd; echo \"$ONLY\""], environment: ["ONLY": "this"], currentDirectory: directory.path)
        XCTAssertEqual(place.stdoutText, directory.resolvingSymlinksInPath().path + "\nthis\n")
        XCTAssertThrowsError(try TimedProcess.run(["/no/such/program"], environment: environment)) { error in
            XCTAssertTrue(error is ProcessRunFailure, "\(error)")
        }
    }
}
