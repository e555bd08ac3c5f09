import SLPCommandLine
import SLPDomain

/// `slp match request UID`
enum MatchRequestCommand: Command {
    static let spec = CommandSpec(
        name: "request",
        abstract: "Ask a waiting user to study together (matched at once if they asked you).",
        discussion: """
            Take the uid from the UID column of 'slp search'. Shell completion does not offer uids: who waits nearby \
            changes from one moment to the next, and only a search as you can tell whom you may ask.
            """,
        arguments: [ArgumentSpec(name: "uid", help: "The user to ask.")],
        examples: ["slp match request Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: context.uidArgument) { app, other in
            let me = try context.me(app)
            let request = RequestStudyUseCase(storage: app.storage, clock: app.clock)
            let outcome = try Failure.wording(.userNotFound, as: Failure.nobody(other)) { try request(me: me, other: other) }
            return MatchRenderer(format: context.format).render(.requested(outcome))
        }
    }
}
