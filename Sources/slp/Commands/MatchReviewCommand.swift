import SLPCommandLine
import SLPDomain

/// `slp match review UID [--good-manners] … [--comment TEXT]`
enum MatchReviewCommand: Command {
    /// One flag per SLP reputation title, in their order.
    static let titles = ReputationTitle.allCases.map { (title: $0, key: OptionKey(flag: $0.key, "\($0.title).")) }
    static let comment = OptionKey("comment", "text", "A comment for their profile, up to 500 characters.", as: .text)

    static let spec = CommandSpec(
        name: "review",
        abstract: "Review your current or just-ended partner (ends the match for you).",
        discussion: "Give at least one of the six SLP titles. Once per match.",
        options: titles.map(\.key.spec) + [comment.spec],
        arguments: [ArgumentSpec(name: "uid", help: "Your partner.")],
        examples: ["slp match review Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-1234-5678 --good-manners --helpful --comment 고마워요"])

    /// A review without a title: the title options, before anything is opened.
    static let noTitle = UsageError(
        message: "choose at least one title: " + titles.map(\.key.spec.longName).joined(separator: ", "), commandPath: ["match", "review"],
        code: "no_title")

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let partner = try context.uidArgument()
            let given = Set(Self.titles.filter { context[$0.key] }.map(\.title))
            guard !given.isEmpty else { throw noTitle }
            return (partner, given)
        }) { app, review in
            let (partner, given) = review
            let me = try context.me(app)
            let review = ReviewPartnerUseCase(storage: app.storage, clock: app.clock)
            let reviewed = try review(me: me, partner: partner, titles: given, comment: context[Self.comment])
            return MatchRenderer(format: context.format).render(.review(reviewed, given: given))
        }
    }
}
