import SLPCommandLine

/// Errors on stderr: one `Error:` line (plus the usage line for syntax errors), and with
/// `--json` the JSON error object as the last line.
struct FailureRenderer {
    let help: HelpFormatter
    /// The acting user the command was given (`--as`, else `SLP_USER`), nil when none was: a
    /// `not_registered` failure says how to name one, or whom nobody is registered as.
    var actingUser: String? = nil

    func render(_ failure: Failure, format: OutputFormat) -> Output {
        let failure = failure.namingActingUser(actingUser)
        var stderr: String
        if let usage = failure.usage {
            stderr = help.usageError(usage)
        } else {
            stderr = "Error: \(FailureRenderer.oneLine(failure.message))\n"
        }
        if case .json = format { stderr += failure.json.text + "\n" }
        return Output(stdout: "", stderr: stderr, exitCode: failure.exitCode)
    }

    /// The message with line breaks and other controls shown as U+FFFD: a message can quote a
    /// path or a value (which may hold anything), and the error is always one line. The JSON
    /// error object keeps the exact text.
    static func oneLine(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: isBreaking) else { return message }
        var line = String.UnicodeScalarView()
        for scalar in message.unicodeScalars { line.append(isBreaking(scalar) ? "\u{FFFD}" : scalar) }
        return String(line)
    }

    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
