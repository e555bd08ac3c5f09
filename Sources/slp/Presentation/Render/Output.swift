/// What a command leaves behind: text for stdout and stderr, and the exit code.
struct Output: Equatable, Sendable {
    var stdout = ""
    var stderr = ""
    var exitCode = ExitCode.success
    /// A document printed after `stdout`, written straight to it as it is built: large renderings
    /// (search JSON) go out in chunks, without a round trip through String (which would check
    /// every byte again) or a buffer as large as the whole.
    var stdoutJSON: JSONLine?
    /// The pager `stdout` goes through when it is longer than the terminal (nil: printed as it is).
    var pager: String?

    static func success(_ stdout: String) -> Output { Output(stdout: stdout) }

    static func success(json: JSONLine) -> Output { Output(stdoutJSON: json) }

    /// Everything stdout gets, as text (for tests and renderers that compare).
    var stdoutText: String { stdout + (stdoutJSON?.text ?? "") }
}
