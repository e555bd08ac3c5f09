import SLPCommandLine
import SLPDomain

/// `slp events [--since ID] [--once]`
enum EventsCommand: Command {
    static let since = OptionKey("since", "id", "Resume after this event id (0: everything kept).", as: .integer)
    static let once = OptionKey(flag: "once", "Print what is stored and exit instead of following.")

    static let spec = CommandSpec(
        name: "events",
        abstract: "Show what happens to you as it happens: requests, matches, cancels, reviews, messages.",
        discussion: """
            Each event once, in commit order, from any process, within a tenth of a second. Without --since, only \
            events from now on; events are kept 30 days. Ctrl-C stops following.
            """,
        options: [since.spec, once.spec],
        examples: ["slp events --as 010-1234-5678", "slp --json events --as 010-1234-5678 --since 0 --once"])

    static func run(_ context: CommandContext) async -> Output {
        let since: Int64?
        do {
            since = try context[Self.since].map { value in
                guard value >= 0 else {
                    throw UsageError(message: "--since: an event id is 0 or more, not \(value)", commandPath: ["events"], code: "invalid_value")
                }
                return Int64(value)
            }
        } catch {
            return context.fail(error)
        }
        let once = context[Self.once]
        let renderer = EventsStreamRenderer(events: EventRenderer(format: context.format), failures: context.failures)
        var opened = false
        return await context.stream(feature: \.eventsFeature, initialState: .init(), renderer: renderer) { state in
            guard opened else {
                opened = true
                return .open(actingUser: context.actingUser, since: since)
            }
            guard state.isFollowing, !once else { return nil }
            return .poll
        }
    }
}
