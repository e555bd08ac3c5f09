#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPCommandLine
import SLPSupport

/// `slp demo`: a narrated walk-through on a fresh database. Every step is a real command run
/// through the same parser, use cases and renderers as typed at a terminal; nothing is canned.
enum DemoCommand: Command {
    static let printsJSON = false

    static let spec = CommandSpec(
        name: "demo",
        abstract: "Watch two people near the SeSAC campus register, meet, match, chat and review.",
        discussion: """
            Runs on a fresh temporary database, removed however the demo ends (at its end, Ctrl-C, SIGTERM, a closed pipe), \
            unless --db names one, which is kept.
            """,
        examples: ["slp demo", "slp demo --db /tmp/demo.sqlite"])

    /// One step: what is happening, and the command line (`{minho}` is replaced by a uid).
    private struct Step {
        let narration: String
        let arguments: [String]
        /// Runs on while the steps after it do (`queue --wait`), until a step that joins it.
        var inBackground = false
        /// Ends after the step in the background has ended.
        var joinsBackground = false
    }

    private static let jiwoo = "010-1234-5678", minho = "010-2345-6789"

    private static let steps: [Step] = [
        Step(narration: "지우 registers. slp prints her new uid.",
             arguments: ["register", "--phone", jiwoo, "--nick", "지우", "--birth", "1999-04-12", "--email", "jiwoo@example.com", "--gender", "female"]),
        Step(narration: "민호 registers too.",
             arguments: ["register", "--phone", minho, "--nick", "민호", "--birth", "1997-09-30", "--email", "minho@example.com", "--gender", "male"]),
        Step(narration: "지우 waits at the SeSAC campus for a Swift or algorithms study.",
             arguments: ["queue", "--as", jiwoo, "--lat", "37.517819", "--long", "126.886473", "--study", "swift", "--study", "알고리즘"]),
        Step(narration: "민호 waits a few streets away.",
             arguments: ["queue", "--as", minho, "--lat", "37.518312", "--long", "126.887655", "--study", "swift", "--study", "ios"]),
        Step(narration: "지우 looks around her and finds 민호, who also studies swift.",
             arguments: ["search", "--as", jiwoo]),
        Step(narration: "She asks him to study together.",
             arguments: ["match", "request", "{minho}", "--as", jiwoo]),
        Step(narration: "And waits for his answer: with --wait, slp stays until she is matched.",
             arguments: ["queue", "--as", jiwoo, "--lat", "37.517819", "--long", "126.886473", "--study", "swift", "--study", "알고리즘", "--wait"],
             inBackground: true),
        Step(narration: "Meanwhile 민호 sees her request in his search.",
             arguments: ["search", "--as", minho]),
        Step(narration: "He accepts: they are matched, and her wait ends with his name.",
             arguments: ["match", "accept", "{jiwoo}", "--as", minho], joinsBackground: true),
        Step(narration: "지우 checks where she stands.",
             arguments: ["queue", "status", "--as", jiwoo]),
        Step(narration: "They chat.",
             arguments: ["chat", "send", "--as", jiwoo, "안녕하세요! 내일 2시에 스터디 어때요?"]),
        Step(narration: "",
             arguments: ["chat", "send", "--as", minho, "좋아요, 캠퍼스 1층 카페에서 봬요 ☕"]),
        Step(narration: "The conversation, as either of them reads it.",
             arguments: ["chat", "list", "--as", jiwoo]),
        Step(narration: "After the study, 지우 reviews 민호. That ends the match for her.",
             arguments: ["match", "review", "{minho}", "--as", jiwoo, "--good-manners", "--helpful", "--comment", "설명을 정말 잘해줘요"]),
        Step(narration: "민호 sees that she reviewed him.",
             arguments: ["queue", "status", "--as", minho]),
        Step(narration: "Anyone can now see 민호's reputation.",
             arguments: ["user", "show", "{minho}", "--as", jiwoo]),
    ]

    static func run(_ context: CommandContext) async -> Output {
        let given = context[GlobalOptions.database]
        let directory = temporaryDirectory() + "slp-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let location: StorageLocation
        do {
            location = try DatabaseLocation.resolve(option: given ?? directory + "/slp.sqlite", environment: context.environment)
        } catch {
            return context.fail(error)
        }
        // Removed however the demo ends: at its end below, or by a signal (Ctrl-C, SIGTERM, `| head`
        // closing the pipe) with the files SQLite and slp make beside the database; armed before
        // the directory exists, so that there is no moment it would be left.
        if given == nil {
            TemporaryFiles.register(directory: directory, files: ["slp.sqlite", "slp.sqlite-wal", "slp.sqlite-shm", "slp.sqlite-journal", "slp.sqlite-lock"])
        }
        // The steps name the database with --db, so its directory must exist: the demo makes its own.
        if given == nil && mkdir(directory, 0o700) != 0 {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.release()
            return context.fail(Failure(
                code: "storage_error", status: nil, message: "cannot create a temporary directory \(directory): \(reason)", exitCode: .ioError))
        }
        defer {
            if given == nil {
                try? FileManager.default.removeItem(atPath: directory)
                TemporaryFiles.release()
            }
        }
        let style: Style = if case .text(let style) = context.format { style } else { .plain }
        context.write(style.bold("slp demo") + ": two people near the SeSAC campus (37.517819, 126.886473) meet, match, chat and review.\n")
        context.write("Database: \(location.display)" + (given == nil ? " (temporary, removed at the end)" : "") + "\n")

        var environment = context.environment
        environment.hidden += ["SLP_DB", "SLP_USER"]
        var uids: [String: String] = [:]
        var background: Task<Output, Never>?
        for step in steps {
            let arguments = step.arguments.map { word in
                word == "{jiwoo}" ? uids[jiwoo] ?? word : word == "{minho}" ? uids[minho] ?? word : word
            }
            context.write("\n")
            if !step.narration.isEmpty { context.write(style.dim("# " + step.narration) + "\n") }
            context.write(style.bold("$ slp " + arguments.map(shellQuoted).joined(separator: " ")) + "\n")
            environment.arguments = arguments + ["--db", location.argument]
            if step.inBackground {
                var labelled = environment
                // Its lines come among the next steps': each says it is hers.
                labelled.lineLabel = style.dim("[지우's wait] ")
                let running = labelled
                background = Task { await CommandTable.run(running) }
                // The waiting screen runs up to its first pause before the next step prints.
                await Task.yield()
                continue
            }
            var output = await CommandTable.run(environment)
            context.write(output.stdoutText)
            if output.exitCode == .success, step.joinsBackground, let task = background {
                background = nil
                output = await task.value
                context.write(output.stdoutText)
            }
            guard output.exitCode == .success else {
                return Output(stdout: "", stderr: output.stderr, exitCode: output.exitCode)
            }
            if arguments.first == "register", let phone = arguments.firstIndex(of: "--phone").map({ arguments[$0 + 1] }) {
                uids[phone] = trimmed(output.stdout)
            }
        }
        return .success("\nThat is the whole service. `slp help` lists every command; `slp help <command>` explains one.\n")
    }

    /// `NSTemporaryDirectory()`: `$TMPDIR` ending in `/`, else `/tmp/`.
    private static func temporaryDirectory() -> String {
        guard let variable = getenv("TMPDIR") else { return "/tmp/" }
        let directory = String(cString: variable)
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)` for the uid `register` prints.
    private static func trimmed(_ text: String) -> String {
        let blank: (Unicode.Scalar) -> Bool = {
            switch $0.value {
            case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Quotes a word for a POSIX shell only when it needs it.
    private static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { !" '\"\\$`!?*&;|<>()[]{}#~".unicodeScalars.contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}
