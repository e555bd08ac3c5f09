import SLPCommandLine
import SLPDomain

/// `slp match dodge`
enum MatchDodgeCommand: Command {
    static let spec = CommandSpec(
        name: "dodge",
        abstract: "Cancel your current match.",
        discussion: "Unless your partner had already left, you cannot queue for 1, 2, then 3 minutes for consecutive cancellations; finishing a match with a review resets the count.",
        examples: ["slp match dodge --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform { app in
            let me = try context.me(app)
            // With no user named, "no match with that user" would not fit.
            let cancel = DodgeMatchUseCase(storage: app.storage, clock: app.clock)
            let dodge = try Failure.wording(.notPartner, as: "you have no current match to cancel") { try cancel(me: me) }
            return MatchRenderer(format: context.format).render(.dodge(dodge, now: app.now))
        }
    }
}
