import Foundation
import XCTest

/// `slp` run on a pseudo terminal of its own, as a person at a terminal runs it: what it writes to
/// the terminal is collected, and keys are typed into it. A small python3 script (its `pty`
/// module) makes the terminal and relays both ways; the test waits on what appears, never on time.
final class PseudoTerminal: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var screen = Data()
    private var errors = Data()
    private let done = DispatchGroup()

    /// How long any wait may take: generous, for a loaded machine five times slower than usual.
    static let patience = SLPBinary.patience

    /// Runs `slp arguments` on a terminal of `rows`×`columns`. `files` gives standard input,
    /// output or error (0, 1, 2) a file instead of the terminal.
    init(_ slp: SLPBinary, _ arguments: [String], rows: Int = 24, columns: Int = 80, files: [Int32: String] = [:],
         environment extra: [String: String] = [:]) throws {
        guard let python = PseudoTerminal.python else { throw MissingTool(name: "python3") }
        let names: [Int32: String] = [0: "--stdin", 1: "--stdout", 2: "--stderr"]
        var helperArguments = [try PseudoTerminal.script(), "--rows", String(rows), "--cols", String(columns)]
        for (descriptor, path) in files.sorted(by: { $0.key < $1.key }) { helperArguments += [names[descriptor]!, path] }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = helperArguments + ["--", (slp.executable ?? SLPBinary.url).path] + arguments
        // A terminal that understands colour, unless the test says otherwise.
        process.environment = slp.environment.merging(["TERM": "xterm-256color"]) { $1 }.merging(extra) { $1 }
        let output = Pipe(), errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = input
        try process.run()
        for (pipe, isScreen) in [(output, true), (errorOutput, false)] {
            done.enter()
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { if isScreen { screen += chunk } else { errors += chunk } }
                }
                done.leave()
            }
        }
    }

    /// Everything shown on the terminal so far (the terminal turns `\n` into `\r\n`).
    var text: String { lock.withLock { String(decoding: screen, as: UTF8.self) } }

    /// The terminal's text with `\r\n` as `\n`.
    var lines: String { text.replacingOccurrences(of: "\r\n", with: "\n") }

    /// What the relay itself said (empty unless something went wrong with it).
    var relayErrors: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    /// Waits until the terminal shows `expected`; whether it did in time.
    @discardableResult
    func waitFor(_ expected: String, within seconds: Double = PseudoTerminal.patience) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.contains(expected) { return true }
            if !process.isRunning { return text.contains(expected) }
            usleep(5_000)
        }
        return text.contains(expected)
    }

    /// Types `keys` (`"\r"` is Enter, `"\u{04}"` Ctrl-D).
    func type(_ keys: String) {
        input.fileHandleForWriting.write(Data(keys.utf8))
    }

    /// The exit status once slp has ended (nil if it ran past `seconds`: it is then killed).
    func exit(within seconds: Double = PseudoTerminal.patience) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            done.wait()
            return nil
        }
        process.waitUntilExit()
        done.wait()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// python3, if the machine has it.
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The relay, written once per test process to a file of its own.
    private static func script() throws -> String {
        try scriptLock.withLock {
            if let scriptPath { return scriptPath }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("slp-pty-\(UUID().uuidString).py").path
            try relay.write(toFile: path, atomically: true, encoding: .utf8)
            scriptPath = path
            return path
        }
    }

    private static let scriptLock = NSLock()
    nonisolated(unsafe) private static var scriptPath: String?

    /// Runs a command on a new pseudo terminal (its controlling terminal, `rows`×`cols`) and
    /// relays: the terminal's output to our stdout, our stdin to the terminal as typed keys.
    /// Exits with the command's status (128 + the signal that ended it).
    private static let relay = #"""
        import fcntl, os, pty, select, struct, sys, termios

        args = sys.argv[1:]
        rows, cols, files = 24, 80, {}
        names = ("--stdin", "--stdout", "--stderr")
        while args and args[0] != "--":
            name, value, args = args[0], args[1], args[2:]
            if name == "--rows": rows = int(value)
            elif name == "--cols": cols = int(value)
            elif name in names: files[names.index(name)] = value
            else: sys.exit("unknown option " + name)
        command = args[1:]
        pid, master = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            for descriptor, path in files.items():
                flags = os.O_RDONLY if descriptor == 0 else os.O_WRONLY | os.O_CREAT | os.O_TRUNC
                opened = os.open(path, flags, 0o600)
                os.dup2(opened, descriptor)
                os.close(opened)
            os.execv(command[0], command)
        inputs = [master, 0]
        while True:
            ready = select.select(inputs, [], [])[0]
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if not data:
                    break
                os.write(1, data)
            if 0 in ready:
                data = os.read(0, 65536)
                if data:
                    os.write(master, data)
                else:
                    inputs.remove(0)
        status = os.waitpid(pid, 0)[1]
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """#
}
