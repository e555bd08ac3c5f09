import Foundation
import XCTest

/// An `slp` process left running (`events`, `queue --wait`): its output collected as it comes,
/// stopped by a signal or awaited with a deadline.
final class BackgroundSLP: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()
    private let done = DispatchGroup()

    /// Standard input, when kept open: nothing is ever written to it, nor is it closed.
    private var input: Pipe?

    /// Runs `slp arguments`; standard input is empty, or with `keepingStandardInputOpen` a pipe
    /// that never ends (to show a command does not wait for it), or `standardInput` (a socket).
    init(
        _ slp: SLPBinary, _ arguments: [String], environment extra: [String: String] = [:], keepingStandardInputOpen: Bool = false,
        standardInput: FileHandle? = nil
    ) throws {
        // Through the launcher when there is one (`unshare …`, `setpriv …`), slp's path following it.
        let slpURL = slp.executable ?? SLPBinary.url
        process.executableURL = slp.launcher.first.map { URL(fileURLWithPath: $0) } ?? slpURL
        process.arguments = slp.launcher.isEmpty ? arguments : slp.launcher.dropFirst() + [slpURL.path] + arguments
        process.environment = slp.environment.merging(extra) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if let standardInput {
            process.standardInput = standardInput
        } else if keepingStandardInputOpen {
            let input = Pipe()
            self.input = input
            process.standardInput = input
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            done.enter()
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { if isOutput { stdoutData += chunk } else { stderrData += chunk } }
                }
                done.leave()
            }
        }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var stdout: String { lock.withLock { String(decoding: stdoutData, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// Complete lines printed so far.
    var lines: [Substring] {
        let text = stdout
        guard let end = text.lastIndex(of: "\n") else { return [] }
        return text[..<end].split(separator: "\n")
    }

    /// Waits until `condition` holds on the output or `seconds` pass (by default a deadline far
    /// beyond what a slow machine needs: it costs time only when the test fails); whether it held.
    @discardableResult
    func waitUntil(_ seconds: Double = SLPBinary.patience, _ condition: (BackgroundSLP) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }

    /// Waits for the process to end by itself; its exit status, or nil if it ran past `seconds`
    /// (it is then killed).
    func exit(within seconds: Double = SLPBinary.patience) -> Int32? {
        guard waitUntil(seconds, { !$0.isRunning }) else {
            signal(SIGKILL)
            process.waitUntilExit()
            done.wait()
            return nil
        }
        process.waitUntilExit()
        done.wait()
        return process.terminationStatus
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// SIGKILL, then everything it printed before dying.
    func kill9() -> String {
        signal(SIGKILL)
        process.waitUntilExit()
        done.wait()
        return stdout
    }

    /// A test that failed before stopping it does not leave it running (`events` would follow forever).
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
