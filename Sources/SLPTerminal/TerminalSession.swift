#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPSupport

/// A full-screen session on the terminal: raw mode (each key as it is pressed, no echo, Ctrl-C
/// as a key), the alternate screen, and the way back to exactly what was there before, also
/// when the process is ended by a signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT) meanwhile.
public final class TerminalSession {
    private let input: Int32
    private let output: Int32
    private var saved = termios()
    private var isActive = false

    /// The session's saved terminal state, for the signal handler; set only while a session is active.
    nonisolated(unsafe) private static var emergencyInput: Int32 = -1
    nonisolated(unsafe) private static var emergencyOutput: Int32 = -1
    nonisolated(unsafe) private static var emergencyState = termios()
    private static let endedSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    nonisolated(unsafe) private static var leaveSequence: [UInt8] = []

    /// A session on `input` and `output`, or nil unless both are terminals.
    public init?(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        self.input = input
        self.output = output
    }

    /// The terminal's size now (80×24 if it does not say).
    public var size: TerminalSize { TerminalSize.of(descriptor: output) ?? .standard }

    /// Raw mode and the alternate screen.
    public func begin() throws(SystemCallError) {
        guard !isActive else { return }
        guard tcgetattr(input, &saved) == 0 else { throw SystemCallError(operation: "tcgetattr", code: errno) }
        var raw = saved
        // As cfmakeraw, but output processing stays on: "\n" still returns the carriage.
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // Everything the handler reads is set before it is installed.
        Self.leaveSequence = Array((ANSI.resetStyle + ANSI.showCursor + ANSI.leaveAlternateScreen).utf8)
        Self.emergencyOutput = output
        Self.emergencyState = saved
        Self.emergencyInput = input
        for signalNumber in Self.endedSignals { signal(signalNumber, Self.restoreAndDie) }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            Self.disarm()
            throw SystemCallError(operation: "tcsetattr", code: code)
        }
        isActive = true
        send(ANSI.enterAlternateScreen + ANSI.clearScreen + ANSI.moveTo(row: 0, column: 0))
    }

    /// The screen and the mode as they were before `begin()`.
    public func end() {
        guard isActive else { return }
        isActive = false
        send(ANSI.resetStyle + ANSI.showCursor + ANSI.leaveAlternateScreen)
        _ = tcsetattr(input, TCSAFLUSH, &saved)
        Self.disarm()
    }

    /// Writes `text` to the terminal whole, resuming after partial writes and interruptions.
    public func send(_ text: String) {
        // A terminal gone has nobody to show anything to: a failed write is let go.
        _ = FileDescriptorOutput.write(text, to: output)
    }

    private static func disarm() {
        for signalNumber in endedSignals { signal(signalNumber, SIG_DFL) }
        emergencyInput = -1
    }

    /// Puts the terminal back and ends the process by the same signal. Only async-signal-safe
    /// calls: write(2), tcsetattr(3), signal(2), raise(3).
    private static let restoreAndDie: @convention(c) (Int32) -> Void = { signalNumber in
        if TerminalSession.emergencyInput >= 0 {
            TerminalSession.leaveSequence.withUnsafeBufferPointer {
                _ = write(TerminalSession.emergencyOutput, $0.baseAddress, $0.count)
            }
            _ = tcsetattr(TerminalSession.emergencyInput, TCSANOW, &TerminalSession.emergencyState)
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
