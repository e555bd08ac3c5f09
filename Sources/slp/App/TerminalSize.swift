#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The size of the terminal a descriptor writes to, in character cells.
struct TerminalSize: Equatable, Sendable {
    var rows: Int
    var columns: Int

    /// What a terminal that does not say is taken to be.
    static let fallback = TerminalSize(rows: 24, columns: 80)

    /// The size of the terminal `descriptor` is, or nil when it is none (or does not say).
    static func of(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// The screen lines `text` takes: each line, wrapped at the width (wide characters count two).
    func lines(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        var count = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            let width = TextTable.width(of: String(line))
            count += max(1, (width + columns - 1) / columns)
        }
        return count
    }
}
