/// What a command leaves behind: text for stdout and stderr, and the exit code.
struct Output: Equatable, Sendable {
    var stdout = ""
    var stderr = ""
    var exitCode = ExitCode.success
    /// Bytes printed after `stdout`: large renderings (search JSON) are written as they were
    /// built, without a round trip through String (which would check every byte again).
    var stdoutBytes = OutputBytes()

    static func success(_ stdout: String) -> Output { Output(stdout: stdout) }

    static func success(bytes: OutputBytes) -> Output { Output(stdoutBytes: bytes) }

    /// Everything stdout gets, as text (for tests and renderers that compare).
    var stdoutText: String { stdout + stdoutBytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}
