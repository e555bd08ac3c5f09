/// A key pressed at the terminal, as a line editor understands it.
public enum Key: Equatable, Sendable {
    /// Printable text: one character typed, or several at once (a paste, an input method).
    case text(String)
    case enter
    case backspace
    /// The Delete key: the character under the cursor.
    case deleteForward
    case left, right, up, down
    /// The Home and End keys.
    case home, end
    /// Ctrl-A and Ctrl-E: the start and the end of the line being typed (where Home and End
    /// scroll something else, these still move in the line).
    case lineStart, lineEnd
    case pageUp, pageDown
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-U: clears the line before the cursor.
    case clearToStart
    /// Ctrl-W: deletes the word before the cursor.
    case deleteWord
    /// Ctrl-L: draws the whole screen again.
    case redraw
}
