#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's size in character cells.
public struct TerminalSize: Equatable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// What a program assumes when it is not on a terminal.
    public static let standard = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal `descriptor` is open on (TIOCGWINSZ), or nil when it is not a
    /// terminal or does not know its size.
    public static func of(descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    public var description: String { "\(columns)×\(rows)" }
}
