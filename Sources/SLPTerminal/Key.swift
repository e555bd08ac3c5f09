/// A key pressed at the terminal, as a line editor understands it.
public enum Key: Equatable, Sendable {
    /// Printable text: one character typed, or several at once (a paste, an input method).
    case text(String)
    case enter
    case backspace
    /// The Delete key: the character under the cursor.
    case deleteForward
    case left, right, home, end, up, down
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
