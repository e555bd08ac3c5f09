import SLPCommandLine
import SLPDomain
import SLPSupport

/// `slp chat send [TEXT]`
enum ChatSendCommand: Command {
    static let spec = CommandSpec(
        name: "send",
        abstract: "Send a message to your partner (without TEXT: each non-blank line of standard input).",
        discussion: """
            Messages are 1 to 1000 characters. From standard input, who you are and your match are checked before \
            anything is read; blank lines are skipped, and each message is stored before the next line is read.
            """,
        arguments: [ArgumentSpec(name: "text", help: "The message (words are joined with spaces).", isOptional: true, isRepeating: true)],
        examples: ["slp chat send --as 010-1234-5678 '안녕하세요! 내일 2시 어때요?'", "printf 'one\\ntwo\\n' | slp chat send --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        let chat = ChatRenderer(format: context.format)
        let words = context.invocation.arguments
        guard words.isEmpty else {
            return context.perform { app in
                let me = try context.me(app)
                let send = SendMessageUseCase(storage: app.storage, clock: app.clock)
                return chat.sent(try Failure.wording(.notMatched, as: Failure.noPartner) { try send(me: me, text: words.joined(separator: " ")) })
            }
        }
        return sendLines(context, chat: chat)
    }

    /// Standard input: nothing is read before I am known to have a match to write to. Then each
    /// non-blank line is its own message, stored before the next line is read, and acknowledged
    /// at once for people (so `tail -f |` streams, and a line printed is a message kept); the
    /// first that fails ends it. Programs get one `{"payload": [...]}` of what was stored, at the end.
    @MainActor
    private static func sendLines(_ context: CommandContext, chat: ChatRenderer) -> Output {
        let send: SendMessageUseCase
        let me: UserID
        do {
            let app = try context.dependencies()
            send = SendMessageUseCase(storage: app.storage, clock: app.clock)
            me = try context.me(app)
            try Failure.wording(.notMatched, as: Failure.noPartner) { try send.check(me: me) }
        } catch {
            return context.fail(error)
        }
        var sent: [ChatMessage] = []
        var lines = StandardInputLines()
        var failure: (any Error)?
        do {
            while let line = try lines.next() {
                guard !line.trimmingWhitespaceAndNewlines.isEmpty else { continue }
                let message = try Failure.wording(.notMatched, as: Failure.noPartner) { try send(me: me, text: line) }
                sent.append(message)
                if case .text = context.format { context.write(chat.acknowledgement(message)) }
            }
        } catch {
            failure = error
        }
        var output = Output()
        if case .json = context.format { output.stdout = chat.payload(sent).text + "\n" }
        if let failure {
            let error = context.fail(failure)
            output.stderr = error.stderr
            output.exitCode = error.exitCode
        }
        return output
    }
}
