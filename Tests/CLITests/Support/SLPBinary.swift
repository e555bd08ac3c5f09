import Foundation
import SLPTestSupport
import XCTest

/// Runs the built `slp` executable as a separate process, as a user or script would.
struct SLPBinary {
    struct Result: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The `slp` beside the test bundle in the build products directory.
    static let url: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("slp")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("slp")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("slp executable not found next to \(Bundle.main.bundleURL.path)")
    }()

    /// Environment for every run: a private database and a fixed clock unless overridden.
    var environment: [String: String]
    var currentDirectory: URL?
    /// A command that runs slp, e.g. `setpriv …` or `sh -c 'ulimit …; exec "$0" "$@"'`; slp's
    /// path and the arguments follow it.
    var launcher: [String] = []
    /// The slp to run when not the one in the build directory (a copy others may execute).
    var executable: URL?

    init(database: String?, now: String? = "2026-11-21T09:30:00.000Z", extra: [String: String] = [:]) {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1"]
        environment["SLP_DB"] = database
        environment["SLP_NOW"] = now
        environment.merge(extra) { $1 }
        self.environment = environment
    }

    /// How long one `slp` may take unless a call says otherwise: a deadlocked `slp` is killed
    /// then, and the test fails with what it printed, instead of hanging the suite.
    static let patience = TimedProcess.patience

    /// Runs slp to its end (at most `timeout` seconds: then it is killed and `ProcessTimeout`,
    /// naming the command and what it printed, is thrown).
    @discardableResult
    func run(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:], timeout: Double = SLPBinary.patience
    ) throws -> Result {
        let slp = executable ?? SLPBinary.url
        let outcome = try TimedProcess.run(
            launcher + [slp.path] + arguments, environment: environment.merging(extra) { $1 }, currentDirectory: currentDirectory?.path,
            stdin: stdin.map { Data($0.utf8) }, timeout: timeout)
        return Result(stdout: outcome.stdoutText, stderr: outcome.stderrText, status: outcome.status)
    }

    func run(_ arguments: String..., stdin: String? = nil) throws -> Result { try run(arguments, stdin: stdin) }
}

/// A fresh directory for one test, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("slp-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension SLPBinary.Result {
    /// The stdout parsed as one JSON object.
    func jsonObject(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try XCTUnwrap(value as? [String: Any], "stdout is not a JSON object: \(stdout)", file: file, line: line)
    }

    /// The `error` object of the JSON line on stderr.
    func jsonError(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let last = try XCTUnwrap(stderr.split(separator: "\n").last, "empty stderr", file: file, line: line)
        let value = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        return try XCTUnwrap(value?["error"] as? [String: Any], "no JSON error: \(stderr)", file: file, line: line)
    }

    /// Lines of stderr starting with `Error:`.
    var errorLines: [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") } }
}
