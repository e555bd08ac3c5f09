import SLPDomain

/// Runs one action of the user feature and renders the result: shared by the `user` commands.
@MainActor
enum UserFeatureRunner {
    static func run(_ action: UserFeature.Action, context: CommandContext) async -> Output {
        do {
            let dependencies = try context.dependencies()
            let feature = UserFeature(
                identify: dependencies.identifyUser, show: dependencies.showUser,
                update: dependencies.updateMyPage, withdraw: dependencies.withdrawUser)
            let store = Store(feature, initialState: .init())
            await store.send(action)
            return UserRenderer(format: context.format, failures: context.failures, now: dependencies.now)
                .render(store.state)
        } catch {
            return context.fail(error)
        }
    }
}
