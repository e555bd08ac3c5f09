import SLPCommandLine
import SLPDomain

/// `slp match review UID [--good-manners] … [--comment TEXT]`
enum MatchReviewCommand: Command {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Review your current or just-ended partner (ends the match for you).",
        discussion: "Give at least one of the six SLP titles. Once per match.",
        options: ReputationTitle.allCases.map { .flag($0.flag, "\($0.title).") }
            + [.value("comment", "text", "A comment for their profile, up to 500 characters.")],
        arguments: [ArgumentSpec(name: "uid", help: "Your partner.")],
        examples: ["slp match review Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-1234-5678 --good-manners --helpful --comment 고마워요"])

    static func run(_ context: CommandContext) async -> Output {
        do {
            let partner = try MatchFeatureRunner.partner(context)
            let titles = Set(ReputationTitle.allCases.filter { context.invocation.flag($0.flag) })
            let action = MatchFeature.Action.review(
                actingUser: context.actingUser, partner: partner, titles: titles, comment: context.invocation.value("comment"))
            return await MatchFeatureRunner.run(action, context: context)
        } catch {
            return context.fail(error)
        }
    }
}
