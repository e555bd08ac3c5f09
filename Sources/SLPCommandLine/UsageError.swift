/// A command line that cannot be understood: unknown option, missing value, bad number syntax…
///
/// The message is one line: whatever the user typed is quoted through `ValueSyntax.printable`.
public struct UsageError: Error, Equatable, Sendable {
    public let message: String
    /// The command whose usage line is shown under the error, if any.
    public var commandPath: [String]?
    /// Printed as the JSON error code.
    public var code: String

    public init(message: String, commandPath: [String]? = nil, code: String = "usage") {
        self.message = message
        self.commandPath = commandPath
        self.code = code
    }
}
