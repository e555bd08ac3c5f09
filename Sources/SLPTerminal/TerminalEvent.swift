/// What the terminal reports while a full-screen program runs.
public enum TerminalEvent: Equatable, Sendable {
    /// Keys pressed, in order.
    case keys([Key])
    /// The window changed size (SIGWINCH); its new size.
    case resized(TerminalSize)
}
