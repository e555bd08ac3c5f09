/// Runs one action of the user feature and renders the result: shared by the `user` commands.
@MainActor
enum UserFeatureRunner {
    static func run(_ action: UserFeature.Action, context: CommandContext) async -> Output {
        await context.run(action, feature: \.userFeature, initialState: .init()) { state, dependencies in
            UserRenderer(format: context.format, failures: context.failures, now: dependencies.now).render(state)
        }
    }
}
