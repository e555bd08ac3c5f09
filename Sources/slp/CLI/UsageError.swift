/// A command line that cannot be understood: unknown option, missing value, bad number syntax…
struct UsageError: Error, Equatable, Sendable {
    let message: String
    /// The command whose usage line is shown under the error, if any.
    var commandPath: [String]? = nil
    /// Printed as the JSON error code.
    var code = "usage"
}
