import Glibc
import XCTest

/// A pseudo-terminal pair for tests: the program side (`terminal`) is a real terminal to
/// isatty(3), termios and TIOCGWINSZ; what the test writes to `controller` arrives there as typed.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32

    init(columns: Int, rows: Int) throws {
        // posix_openpt(3) and its friends by hand (Swift's Glibc leaves them out): the Linux
        // multiplexer, unlocked (TIOCSPTLCK), and the number of the terminal it made (TIOCGPTN).
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, UInt(0x4004_5431), &unlock) == 0, ioctl(controller, UInt(0x8004_5430), &number) == 0 else {
            throw TerminalTestError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw TerminalTestError("cannot open /dev/pts/\(number)") }
        resize(columns: columns, rows: rows)
    }

    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text` as a person at the terminal would.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(controller, &bytes, bytes.count)
    }

    /// How long a wait for the program may take: far beyond what a machine five times slower
    /// needs (it costs time only when a test fails).
    static let patience: Double = 120

    /// What the program wrote to the terminal within `seconds`, until `done` holds.
    func read(within seconds: Double = PseudoTerminal.patience, until done: (String) -> Bool) -> String {
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline && !done(String(decoding: collected, as: UTF8.self)) {
            var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = Glibc.read(controller, &buffer, buffer.count)
            if count > 0 { collected += buffer[0..<count] }
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// The terminal's current mode.
    var mode: termios {
        var mode = termios()
        _ = tcgetattr(terminal, &mode)
        return mode
    }

    deinit {
        close(terminal)
        close(controller)
    }
}

struct TerminalTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
