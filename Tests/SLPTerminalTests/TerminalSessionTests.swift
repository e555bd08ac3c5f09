import Foundation
import Glibc
import Synchronization
import XCTest

@testable import SLPTerminal

/// Raw mode, the alternate screen, keys and resizes on a real pseudo-terminal.
final class TerminalSessionTests: XCTestCase {
    func testNotATerminalGivesNoSession() throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertNil(TerminalSession(input: ends[0], output: ends[1]))
    }

    func testRawModeAndTheAlternateScreenComeAndGo() throws {
        let pty = try PseudoTerminal(columns: 72, rows: 20)
        let before = pty.mode
        XCTAssertNotEqual(before.c_lflag & tcflag_t(ICANON), 0, "a new terminal is in line mode")
        let session = try XCTUnwrap(TerminalSession(input: pty.terminal, output: pty.terminal))
        XCTAssertEqual(session.size, TerminalSize(columns: 72, rows: 20))
        try session.begin()
        let raw = pty.mode
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG), 0, "keys one by one, no echo, Ctrl-C as a key")
        XCTAssertEqual(raw.c_iflag & tcflag_t(ICRNL), 0, "Enter arrives as a carriage return")
        XCTAssertNotEqual(raw.c_oflag & tcflag_t(OPOST), 0)
        XCTAssertTrue(pty.read { $0.contains(ANSI.enterAlternateScreen) }.contains(ANSI.enterAlternateScreen))
        session.end()
        XCTAssertTrue(pty.read { $0.contains(ANSI.leaveAlternateScreen) }.contains(ANSI.leaveAlternateScreen))
        let after = pty.mode
        XCTAssertEqual(after.c_lflag, before.c_lflag)
        XCTAssertEqual(after.c_iflag, before.c_iflag)
        session.end()  // twice is harmless
    }

    func testKeysAndResizesArriveAsEventsUntilStopped() async throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let session = try XCTUnwrap(TerminalSession(input: pty.terminal, output: pty.terminal))
        try session.begin()
        defer { session.end() }
        let input = try TerminalInput(input: pty.terminal, output: pty.terminal)
        let received = Received()
        let collector = Task {
            for await event in input.events { received.events.withLock { $0.append(event) } }
        }
        /// Waits (with a deadline a slow machine meets) until `condition` holds on what arrived.
        func arrived(_ condition: ([TerminalEvent]) -> Bool) -> [TerminalEvent] {
            let deadline = Date().addingTimeInterval(PseudoTerminal.patience)
            while Date() < deadline, !received.events.withLock({ condition($0) }) { usleep(5_000) }
            return received.events.withLock { $0 }
        }
        pty.type("안녕\u{1B}[D\u{7F}")
        let keys = arrived { $0.count >= 1 && $0.flatMap(\.keys).count >= 3 }.flatMap(\.keys)
        XCTAssertEqual(keys, [.text("안녕"), .left, .backspace])
        pty.resize(columns: 60, rows: 15)
        // As the kernel sends it: to the process, taken by a thread that does not block it.
        kill(getpid(), SIGWINCH)
        XCTAssertEqual(arrived { $0.contains(.resized(TerminalSize(columns: 60, rows: 15))) }.last,
                       .resized(TerminalSize(columns: 60, rows: 15)))
        input.stop()
        await collector.value  // the stream ends when the reader stops
        input.stop()  // twice is harmless
    }
}

/// What the reader has reported so far, shared with the task that collects it.
private final class Received: Sendable {
    let events = Mutex<[TerminalEvent]>([])
}

private extension TerminalEvent {
    var keys: [Key] {
        if case .keys(let keys) = self { return keys }
        return []
    }
}
