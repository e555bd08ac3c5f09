import SLPCommandLine
import SLPDomain

/// `slp chat list [--with UID] [--since TIME] [--limit N]`
enum ChatListCommand: Command {
    static let partner = OptionKey("with", "uid", "A past partner (default: your latest partner).", as: .text)
    static let since = OptionKey("since", "time", "Only messages after this ISO 8601 time.", as: .time)
    static let limit = OptionKey("limit", "n", "At most N messages.", as: .integer)

    static let spec = CommandSpec(
        name: "list",
        abstract: "Show your messages with your partner (or a past partner), oldest first.",
        discussion: "With --since, the messages after that time (give the createdAt of the last one you saw to page on); --limit keeps the first N of those, or without --since the newest N.",
        options: [partner.spec, since.spec, limit.spec],
        examples: ["slp chat list --as 010-1234-5678 --limit 50", "slp --json chat list --as 010-1234-5678 --since 2026-11-21T09:30:00.000Z"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: { try (context[Self.partner].map { try UserID($0) }, page(context)) }) { app, input in
            let (partner, page) = input
            let me = try context.me(app)
            let (conversation, messages) = try Failure.wording(.notMatched, as: partner == nil ? Failure.noConversation : nil) {
                try ReadMessagesUseCase(storage: app.storage)(me: me, with: partner, page: page)
            }
            return ChatRenderer(format: context.format).list(messages, in: conversation)
        }
    }

    /// `--since` pages on from a time (`--limit` keeps the first N after it); `--limit` alone
    /// keeps the newest N.
    @MainActor
    private static func page(_ context: CommandContext) throws -> MessagePage {
        let limit = try context[Self.limit]
        if let since = try context[Self.since] { return .after(since, limit: limit) }
        return limit.map { .newest(limit: $0) } ?? .all
    }
}
