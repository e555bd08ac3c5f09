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
                var lines = StandardInputLines()
                do {
                    while store.state.failure == nil, let line = try lines.next() {
                        await store.send(.send(actingUser: context.actingUser, text: line))
                    }
                } catch {
                    var output = ChatRenderer(format: context.format, failures: context.failures).renderSent(store.state, fromStandardInput: true)
                    let failure = context.fail(error)
                    output.stderr = failure.stderr
                    output.exitCode = failure.exitCode
                    return output
                }
            }
            return ChatRenderer(format: context.format, failures: context.failures).renderSent(store.state, fromStandardInput: words.isEmpty)
        } catch {
            return context.fail(error)
        }
    }
}
