import SLPCommandLine

/// `slp chat send [TEXT]`
enum ChatSendCommand: Command {
    static let spec = CommandSpec(
        name: "send",
        abstract: "Send a message to your partner (without TEXT: each line of standard input).",
        discussion: "Messages are 1 to 1000 characters. Each is stored before the next is read.",
        arguments: [ArgumentSpec(name: "text", help: "The message (words are joined with spaces).", isOptional: true, isRepeating: true)],
        examples: ["slp chat send --as 010-1234-5678 '안녕하세요! 내일 2시 어때요?'", "printf 'one\\ntwo\\n' | slp chat send --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        let words = context.invocation.arguments
        do {
            let dependencies = try context.dependencies()
            let store = Store(dependencies.chatFeature, initialState: .init())
            if !words.isEmpty {
                await store.send(.send(actingUser: context.actingUser, text: words.joined(separator: " ")))
            } else {
                let renderer = ChatRenderer(format: context.format, failures: context.failures)
                // For people, each line is acknowledged as soon as it is stored (so `tail -f |`
                // streams, and a line printed is a line kept); JSON is one document at the end.
                let streaming = context.format != .json
                var acknowledged = 0
                if streaming {
                    store.observe { state in
                        guard state.sent.count > acknowledged else { return }
                        context.stream(state.sent[acknowledged...].map(renderer.acknowledgement).joined())
                        acknowledged = state.sent.count
                    }
                }
                var lines = StandardInputLines()
                var output: Output
                do {
                    while store.state.failure == nil, let line = try lines.next() {
                        await store.send(.send(actingUser: context.actingUser, text: line))
                    }
                    output = renderer.renderSent(store.state, fromStandardInput: true)
                } catch {
                    output = renderer.renderSent(store.state, fromStandardInput: true)
                    let failure = context.fail(error)
                    output.stderr = failure.stderr
                    output.exitCode = failure.exitCode
                }
                if streaming { output.stdout = "" }
                return output
            }
            return ChatRenderer(format: context.format, failures: context.failures).renderSent(store.state, fromStandardInput: false)
        } catch {
            return context.fail(error)
        }
    }
}
