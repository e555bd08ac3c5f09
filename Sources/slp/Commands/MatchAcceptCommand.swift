import SLPCommandLine

/// `slp match accept UID`
enum MatchAcceptCommand: Command {
    static let spec = CommandSpec(
        name: "accept",
        abstract: "Accept a study request and get matched.",
        discussion: "Accepting the partner you are already matched with changes nothing and tells nobody (as asking again does).",
        arguments: [ArgumentSpec(name: "uid", help: "The user whose request you accept.")],
        examples: ["slp match accept Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-2222-3333"])

    static func run(_ context: CommandContext) async -> Output {
        do {
            let other = try MatchFeatureRunner.partner(context)
            return await MatchFeatureRunner.run(.accept(actingUser: context.actingUser, other: other), context: context)
        } catch {
            return context.fail(error)
        }
    }
}
