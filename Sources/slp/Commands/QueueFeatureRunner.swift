/// Runs one action of the queue feature and renders it: shared by the `queue` commands.
@MainActor
enum QueueFeatureRunner {
    static func run(_ action: QueueFeature.Action, context: CommandContext) async -> Output {
        do {
            let dependencies = try context.dependencies()
            let feature = QueueFeature(
                identify: dependencies.identifyUser, enter: dependencies.enterQueue, leave: dependencies.leaveQueue,
                state: dependencies.queueState)
            let store = Store(feature, initialState: .init())
            await store.send(action)
            return QueueRenderer(format: context.format, failures: context.failures).render(store.state)
        } catch {
            return context.fail(error)
        }
    }
}
