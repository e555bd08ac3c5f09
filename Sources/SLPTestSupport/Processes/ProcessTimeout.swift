import Foundation

/// A child that did not end in time and was killed; its description says what was run and what
/// it printed, for the test failure it becomes.
package struct ProcessTimeout: Error, CustomStringConvertible {
    package let command: [String]
    package let seconds: Double
    package let stdout: Data
    package let stderr: Data

    package var description: String {
        let shown = command.map { $0.count > 60 ? String($0.prefix(60)) + "…(\($0.count) characters)" : $0 }.joined(separator: " ")
        return "\(shown) did not end within \(Int(seconds)) s and was killed; its standard output: \(Self.tail(stdout)); "
            + "its standard error: \(Self.tail(stderr))"
    }

    /// The end of what was printed, quoted, control characters escaped.
    private static func tail(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        return (text.count > 2_000 ? "…" + String(text.suffix(2_000)) : text).debugDescription
    }
}
