/// A tool a test runs (tmux, Python) is missing or refused what it was given.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
