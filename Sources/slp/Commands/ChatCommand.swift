import SLPCommandLine
import SLPDomain

/// `slp chat`: on a terminal, one screen to talk with my partner; otherwise `chat follow`.
/// Also the group of the conversation commands.
enum ChatCommand: Command {
    static let partner = OptionKey("with", "uid", "A past partner (default: your latest partner).", as: .text)

    static let spec = CommandSpec(
        name: "chat",
        abstract: "Talk with your study partner.",
        discussion: """
            On a terminal, one screen: the recent conversation, each new message as it arrives, and an input line at the \
            bottom (Enter sends; Ctrl-A/Ctrl-E move in it; Ctrl-D or Ctrl-C leaves). PageUp, PageDown, Home and End scroll \
            the whole conversation; each day's first message shows its date. When the match ends the screen stays, with \
            the conversation and your unsent line, and says who ended it and how; the next key leaves (the unsent line is \
            printed). Not on a terminal (or with --json), it is 'slp chat follow'.
            """,
        options: [partner.spec],
        examples: ["slp chat --as 010-1234-5678"],
        runsItself: true)

    static func run(_ context: CommandContext) async -> Output {
        let partner: UserID?
        do {
            partner = try context[Self.partner].map { try UserID($0) }
        } catch {
            return context.fail(error)
        }
        guard context.environment.stdinIsTerminal, context.environment.stdoutIsTerminal, case .text(let style) = context.format else {
            return await ChatFollowCommand.run(context)
        }
        return await ChatScreenRunner.run(context, partner: partner, style: style)
    }
}
