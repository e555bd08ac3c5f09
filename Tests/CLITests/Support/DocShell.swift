import Foundation
import SLPTestSupport

/// A doc's shell commands run as a reader runs them: in one `/bin/sh` with `set -e`, top to
/// bottom, the built `slp` first on the PATH, HOME and TMPDIR in `directory`.
enum DocShell {
    /// Each command's stdout (in order, as far as the script ran), the whole stderr and the exit status.
    static func run(_ commands: [String], environment: [String: String] = [:], in directory: TemporaryDirectory) throws
        -> (outputs: [String], stderr: String, status: Int32)
    {
        // Each command's output starts after a marker of its own.
        let marker = "\u{1E}"
        var script = "set -e\n"
        for (index, command) in commands.enumerated() { script += "printf '\(marker)%s\\n' \(index)\n\(command)\n" }
        // A whole block of commands: a deadline of its own, well beyond a slow machine's needs.
        let outcome = try TimedProcess.run(
            ["/bin/sh", "-c", script],
            environment: [
                "PATH": SLPBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": directory.url.path,
                "TMPDIR": directory.url.path,
            ].merging(environment) { $1 },
            currentDirectory: directory.url.path, timeout: 5 * SLPBinary.patience)
        var outputs: [String] = []
        for chunk in String(decoding: outcome.stdout, as: UTF8.self).components(separatedBy: marker).dropFirst() {
            let number = chunk.prefix { $0 != "\n" }
            guard Int(number) == outputs.count else { break }
            outputs.append(String(chunk.dropFirst(number.count + 1)))
        }
        return (outputs, String(decoding: outcome.stderr, as: UTF8.self), outcome.status)
    }
}
