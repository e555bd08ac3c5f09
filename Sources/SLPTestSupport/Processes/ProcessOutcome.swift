import Foundation

/// How a child run by `TimedProcess` ended and what it printed.
package struct ProcessOutcome: Sendable {
    package let stdout: Data
    package let stderr: Data
    /// The exit status, or the number of the signal that ended it (as Foundation's `Process` says).
    package let status: Int32
    /// The signal that ended it, if one did.
    package let signal: Int32?

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
