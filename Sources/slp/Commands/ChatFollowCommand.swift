import SLPCommandLine
import SLPDomain

/// `slp chat follow [--with UID]`
enum ChatFollowCommand: Command {
    static let partner = OptionKey("with", "uid", "A past partner (default: your latest partner).", as: .text)

    static let spec = CommandSpec(
        name: "follow",
        abstract: "Show the conversation, then each new message as it arrives, until the match ends.",
        discussion: "New messages from any process appear within a tenth of a second. Ctrl-C stops following.",
        options: [partner.spec],
        examples: ["slp chat follow --as 010-1234-5678"])

    /// How often the database is asked whether anything changed (a cheap read).
    static let pollInterval: Duration = .milliseconds(50)

    static func run(_ context: CommandContext) async -> Output {
        let partner: UserID?
        do {
            partner = try context[Self.partner].map(UserID.init)
        } catch {
            return context.fail(error)
        }
        do {
            let dependencies = try context.dependencies()
            let store = Store(dependencies.chatFollowFeature, initialState: .init())
            let renderer = ChatRenderer(format: context.format, failures: context.failures)
            // The renderer prints only what is new since the last state it saw.
            var printed = 0
            store.observe { state in
                guard let conversation = state.conversation, let myNick = state.myNick, state.messages.count > printed else { return }
                let text = state.messages[printed...].map { renderer.line($0, conversation: conversation, myNick: myNick) }.joined()
                printed = state.messages.count
                context.stream(text)
            }
            await store.send(.open(actingUser: context.actingUser, with: partner))
            while store.state.isFollowing {
                try? await Task.sleep(for: pollInterval)
                await store.send(.poll)
            }
            if let failure = store.state.failure { return context.fail(failure) }
            if case .text = context.format { return .success("The study has ended.\n") }
            return Output()
        } catch {
            return context.fail(error)
        }
    }
}
