/// Brings the terminal from the frame it shows to the next one, rewriting only the lines that
/// changed, so what is typed on the input line is left alone while messages arrive above it.
/// A new size (or `invalidate()`) repaints everything.
public struct ScreenPainter: Sendable {
    private var shown: ScreenFrame?

    public init() {}

    /// Forgets what is on the screen: the next frame is painted whole (Ctrl-L).
    public mutating func invalidate() {
        shown = nil
    }

    /// The bytes that turn the screen into `frame`; empty when it already shows it.
    public mutating func paint(_ frame: ScreenFrame) -> String {
        guard frame != shown else { return "" }
        let whole = shown?.size != frame.size || shown?.lines.count != frame.lines.count
        var output = ANSI.hideCursor
        if whole { output += ANSI.resetStyle + ANSI.clearScreen }
        for (row, line) in frame.lines.enumerated() where whole || shown?.lines[row] != line {
            // The line is cleared before it is written: clearing after a line that fills the
            // width would erase its last character.
            output += ANSI.moveTo(row: row, column: 0) + ANSI.clearLine + line + ANSI.resetStyle
        }
        output += ANSI.moveTo(row: frame.cursorRow, column: frame.cursorColumn) + ANSI.showCursor
        shown = frame
        return output
    }
}
