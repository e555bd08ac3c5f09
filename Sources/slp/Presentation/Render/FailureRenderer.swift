import SLPCommandLine

/// Errors on stderr: one `Error:` line (plus the usage line for syntax errors), and with
/// `--json` the JSON error object as the last line.
struct FailureRenderer {
    let help: HelpFormatter

    func render(_ failure: Failure, format: OutputFormat) -> Output {
        var stderr: String
        if let usage = failure.usage {
            stderr = help.usageError(usage)
        } else {
            stderr = "Error: \(failure.message)\n"
        }
        if case .json = format { stderr += failure.json.text + "\n" }
        return Output(stdout: "", stderr: stderr, exitCode: failure.exitCode)
    }
}
