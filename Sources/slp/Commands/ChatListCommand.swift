import SLPCommandLine
import SLPDomain

/// `slp chat list [--with UID] [--since TIME] [--limit N]`
enum ChatListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Show your messages with your partner (or a past partner), oldest first.",
        discussion: "With --since, the messages after that time (give the createdAt of the last one you saw to page on); --limit keeps the first N of those, or without --since the newest N.",
        options: [
            .value("with", "uid", "A past partner (default: your latest partner)."),
            .value("since", "time", "Only messages after this ISO 8601 time."),
            .value("limit", "n", "At most N messages."),
        ],
        examples: ["slp chat list --as 010-1234-5678 --limit 50", "slp --json chat list --as 010-1234-5678 --since 2026-11-21T09:30:00.000Z"])

    static func run(_ context: CommandContext) async -> Output {
        let partner: UserID?
        let page: MessagePage
        do {
            let invocation = context.invocation
            partner = try invocation.value("with").map { try UserID($0) }
            let limit = try invocation.value("limit").map { try ValueSyntax.integer($0, option: "--limit") }
            if let text = invocation.value("since") {
                guard let since = Timestamp.parse(text) else {
                    throw UsageError(message: "--since: '\(ValueSyntax.printable(text))' is not an ISO 8601 time", code: "invalid_value")
                }
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
