/// Runs one action of the queue feature and renders it: shared by the `queue` commands.
@MainActor
enum QueueFeatureRunner {
    static func run(_ action: QueueFeature.Action, context: CommandContext) async -> Output {
        await context.run(action, feature: \.queueFeature, initialState: .init()) { state, _ in
            QueueRenderer(format: context.format, failures: context.failures).render(state)
        }
    }
}
