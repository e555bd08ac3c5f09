/// What a command leaves behind: text for stdout and stderr, and the exit code.
struct Output: Equatable, Sendable {
    var stdout = ""
    var stderr = ""
    var exitCode = ExitCode.success

    static func success(_ stdout: String) -> Output { Output(stdout: stdout) }
}
