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
        let partner: UserID?
        let page: MessagePage
        do {
            partner = try context[Self.partner].map { try UserID($0) }
            let limit = try context[Self.limit]
            if let since = try context[Self.since] {
                page = .after(since, limit: limit)
            } else {
                page = limit.map { .newest(limit: $0) } ?? .all
            }
        } catch {
            return context.fail(error)
        }
        let action = ChatFeature.Action.list(actingUser: context.actingUser, with: partner, page: page)
        return await context.run(action, feature: \.chatFeature, initialState: .init()) { state, _ in
            ChatRenderer(format: context.format, failures: context.failures).renderList(state)
        }
    }
}
