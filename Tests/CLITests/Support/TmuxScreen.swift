import Foundation
import SLPTestSupport
import XCTest

/// A real terminal for `slp`: a private tmux server (its own socket in a temporary directory,
/// killed at the end) runs one slp command in a window of a given size; the test types with
/// send-keys and reads the screen with capture-pane. When slp ends, `[exit N]` is printed
/// after what it left on the screen, and the pane stays as it is to be read.
final class TmuxScreen {
    private let directory: TemporaryDirectory
    private let socket: String
    private let tmux: String

    /// Where tmux is, if installed (`.ci/run` installs it).
    static let executable = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Starts `slp arguments` with `slp`'s environment (`TERM` added) in a columns×rows window.
    init(_ slp: SLPBinary, _ arguments: [String], columns: Int = 80, rows: Int = 24, environment extra: [String: String] = [:]) throws {
        guard let tmux = Self.executable else { throw ToolError("tmux is not installed (apt-get install tmux; .ci/run installs it)") }
        self.tmux = tmux
        directory = try TemporaryDirectory()
        socket = directory.path("tmux.socket")
        let configuration = directory.path("tmux.conf")
        try "set -g remain-on-exit on\nset -g status off\nset -g history-limit 0\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        var environment = slp.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }
        environment.merge(extra) { $1 }
        var script = "#!/bin/sh\n"
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
            script += "export \(name)=\(Self.quoted(value))\n"
        }
        for name in environment.keys.sorted() where environment[name]?.isEmpty == true { script += "unset \(name)\n" }
        script += ([(slp.executable ?? SLPBinary.url).path] + arguments).map(Self.quoted).joined(separator: " ") + "\n"
        // The pane then stays as slp left it (a dead pane would add a line of its own).
        script += "printf '[exit %d]' \"$?\"\nread -r _\n"
        let path = directory.path("run.sh")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try tmuxCommand(["-f", configuration, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", path], startsServer: true)
    }

    deinit {
        _ = try? tmuxCommand(["kill-server"])
    }

    /// tmux's own environment: this process's, outside any tmux, in a UTF-8 locale.
    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux on this screen's server; what it printed.
    @discardableResult
    private func tmuxCommand(_ arguments: [String], startsServer: Bool = false) throws -> String {
        if startsServer {
            // The server this starts keeps every descriptor it inherits: among them this test
            // process's pipes to other children, which would then never reach their end. So it
            // is started from a shell that closes all but the standard three, writing to a file.
            let log = directory.path("tmux.log")
            let started = try TimedProcess.run(
                ["/bin/bash", "-c", #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; exec "$@" >"$LOG" 2>&1"#,
                 "bash", tmux, "-u", "-S", socket] + arguments,
                environment: Self.environment.merging(["LOG": log]) { $1 })
            guard started.status == 0 else {
                throw ToolError("tmux \(arguments.joined(separator: " ")): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            return ""
        }
        // Every tmux command has a deadline: a server that stopped answering fails the test.
        let outcome = try TimedProcess.run([tmux, "-u", "-S", socket] + arguments, environment: Self.environment)
        guard outcome.status == 0 else { throw ToolError("tmux \(arguments.joined(separator: " ")): \(outcome.stderrText)") }
        return outcome.stdoutText
    }

    /// The screen's lines, top to bottom (tmux leaves out trailing blanks).
    var lines: [String] {
        guard let text = try? tmuxCommand(["capture-pane", "-p"]) else { return [] }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen with its colours and attributes as SGR sequences.
    var styledText: String { (try? tmuxCommand(["capture-pane", "-p", "-e"])) ?? "" }

    /// Where the cursor is, counting from 0.
    var cursor: (column: Int, row: Int)? {
        guard let text = try? tmuxCommand(["display-message", "-p", "#{cursor_x} #{cursor_y}"]) else { return nil }
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Types `text` as it is (UTF-8, wide characters and all).
    func type(_ text: String) throws {
        try tmuxCommand(["send-keys", "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `BSpace`, `C-d`, `Left`.
    func press(_ keys: String...) throws {
        try tmuxCommand(["send-keys"] + keys)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmuxCommand(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until `condition` holds on the screen, looking every few milliseconds; the screen
    /// then, or nil after `seconds` (a deadline far beyond what a slow machine needs: it costs
    /// time only when the test fails).
    func waitUntil(_ seconds: Double = SLPBinary.patience, _ condition: ([String]) -> Bool) -> [String]? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let lines = lines
            if condition(lines) { return lines }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    /// The screen once slp has ended and `[exit N]` is printed; nil if it did not end in time.
    func ended(within seconds: Double = SLPBinary.patience) -> (lines: [String], status: Int)? {
        guard let lines = waitUntil(seconds, { $0.contains { $0.contains("[exit ") } }) else { return nil }
        guard let line = lines.last(where: { $0.contains("[exit ") }), let start = line.range(of: "[exit "),
              let status = Int(line[start.upperBound...].prefix { $0.isNumber }) else { return nil }
        return (lines, status)
    }
}
