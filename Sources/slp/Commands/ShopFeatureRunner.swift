/// Runs one action of the shop feature and renders it: shared by the `shop` commands.
@MainActor
enum ShopFeatureRunner {
    static func run(_ action: ShopFeature.Action, context: CommandContext) async -> Output {
        do {
            let dependencies = try context.dependencies()
            let feature = ShopFeature(identify: dependencies.identifyUser, buy: dependencies.buyItem, wear: dependencies.wearItems)
            let store = Store(feature, initialState: .init())
            await store.send(action)
            return ShopRenderer(format: context.format, failures: context.failures).render(store.state)
        } catch {
            return context.fail(error)
        }
    }
}
