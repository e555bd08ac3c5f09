import SLPCommandLine
import SLPDomain

/// `slp match accept UID`
enum MatchAcceptCommand: Command {
    static let spec = CommandSpec(
        name: "accept",
        abstract: "Accept a study request and get matched.",
        discussion: "Accepting the partner you are already matched with changes nothing and tells nobody (as asking again does).",
        arguments: [ArgumentSpec(name: "uid", help: "The user whose request you accept.")],
        examples: ["slp match accept Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-2222-3333"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: context.uidArgument) { app, other in
            let me = try context.me(app)
            let accept = AcceptStudyUseCase(storage: app.storage, clock: app.clock)
            let outcome = try Failure.during(.accept) {
                try Failure.wording(.userNotFound, as: Failure.nobody(other)) { try accept(me: me, other: other) }
            }
            return MatchRenderer(format: context.format).render(.accepted(outcome))
        }
    }
}
