/// Runs one action of the shop feature and renders it: shared by the `shop` commands.
@MainActor
enum ShopFeatureRunner {
    static func run(_ action: ShopFeature.Action, context: CommandContext) async -> Output {
        await context.run(action, feature: \.shopFeature, initialState: .init()) { state, dependencies in
            ShopRenderer(format: context.format, failures: context.failures, now: dependencies.now).render(state)
        }
    }
}
