import SLPCommandLine
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
        let chat = ChatRenderer(format: context.format, failures: context.failures)
        let words = context.invocation.arguments
        guard words.isEmpty else {
            let action = ChatFeature.Action.send(actingUser: context.actingUser, text: words.joined(separator: " "))
            return await context.run(action, feature: \.chatFeature, initialState: .init()) { state, _ in chat.renderSent(state) }
        }
        // Nothing is read before I am known to have a match to write to. Then each non-blank
        // line is its own message, stored before the next line is read; the first that fails
        // ends the stream.
        var lines = StandardInputLines()
        var prepared = false
        return await context.stream(feature: \.chatFeature, initialState: .init(), renderer: ChatSendStreamRenderer(chat: chat)) { state in
            guard prepared else {
                prepared = true
                return .prepareSending(actingUser: context.actingUser)
            }
            guard state.ready, state.failure == nil else { return nil }
            while let line = try lines.next() {
                if !line.trimmingWhitespaceAndNewlines.isEmpty { return .send(actingUser: context.actingUser, text: line) }
            }
            return nil
        }
    }
}
