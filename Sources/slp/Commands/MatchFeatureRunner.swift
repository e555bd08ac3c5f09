import SLPDomain

/// Runs one action of the match feature and renders it: shared by the `match` commands.
@MainActor
enum MatchFeatureRunner {
    static func run(_ action: MatchFeature.Action, context: CommandContext) async -> Output {
        await context.run(action, feature: \.matchFeature, initialState: .init()) { state, _ in
            MatchRenderer(format: context.format, failures: context.failures).render(state)
        }
    }

    /// The `<uid>` argument, checked as a uid.
    static func partner(_ context: CommandContext) throws -> UserID {
        try UserID(context.invocation.arguments.first ?? "")
    }
}
