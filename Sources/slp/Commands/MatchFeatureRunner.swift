import SLPDomain

/// Runs one action of the match feature and renders it: shared by the `match` commands.
@MainActor
enum MatchFeatureRunner {
    static func run(_ action: MatchFeature.Action, context: CommandContext) async -> Output {
        do {
            let dependencies = try context.dependencies()
            let feature = MatchFeature(
                identify: dependencies.identifyUser, request: dependencies.requestStudy, accept: dependencies.acceptStudy,
                dodge: dependencies.dodgeMatch, review: dependencies.reviewPartner, report: dependencies.reportUser,
                clock: dependencies.clock)
            let store = Store(feature, initialState: .init())
            await store.send(action)
            return MatchRenderer(format: context.format, failures: context.failures).render(store.state)
        } catch {
            return context.fail(error)
        }
    }

    /// The `<uid>` argument, checked as a uid.
    static func partner(_ context: CommandContext) throws -> UserID {
        try UserID(context.invocation.arguments.first ?? "")
    }
}
