/// What a full-screen program shows at one moment: one line per row of the terminal (each
/// already cut to its width, and possibly styled with SGR sequences) and where the cursor stands.
public struct ScreenFrame: Equatable, Sendable {
    public var size: TerminalSize
    public var lines: [String]
    public var cursorRow: Int
    public var cursorColumn: Int

    public init(size: TerminalSize, lines: [String], cursorRow: Int, cursorColumn: Int) {
        self.size = size
        self.lines = lines
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
    }
}
