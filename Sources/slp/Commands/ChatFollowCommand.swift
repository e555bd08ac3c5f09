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

    static func run(_ context: CommandContext) async -> Output {
        let partner: UserID?
        do {
            partner = try context[Self.partner].map { try UserID($0) }
        } catch {
            return context.fail(error)
        }
        let renderer = ChatFollowStreamRenderer(chat: ChatRenderer(format: context.format), failures: context.failures)
        // Open the conversation first, then poll while it stays open.
        var opened = false
        return await context.stream(feature: \.chatFollowFeature, initialState: .init(), renderer: renderer) { state in
            guard opened else {
                opened = true
                return .open(actingUser: context.actingUser, with: partner)
            }
            guard state.isFollowing else { return nil }
            return .poll
        }
    }
}
