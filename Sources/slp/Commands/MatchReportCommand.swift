import SLPCommandLine
import SLPDomain

/// `slp match report UID --reason R [--comment TEXT]`
enum MatchReportCommand: Command {
    static let reason = OptionKey(
        required: "reason", "reason", "illegal, rude, no-show, obscene, abuse or other.", choices: ReportReason.allCases.map(\.rawValue),
        as: .text)
    static let comment = OptionKey("comment", "text", "What happened, up to 500 characters.", as: .text)

    static let spec = CommandSpec(
        name: "report",
        abstract: "Report a user; you will never see each other in search again.",
        discussion: "Once per pair. A user reported three times can no longer queue.",
        options: [reason.spec, comment.spec],
        arguments: [ArgumentSpec(name: "uid", help: "The user to report.")],
        examples: ["slp match report Qm3w9XcD0aTz1bL7kVn2RfYs8HjE --as 010-1234-5678 --reason no-show"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: { (try context.uidArgument(), try ReportReason(context[Self.reason])) }) { app, report in
            let (other, reason) = report
            let me = try context.me(app)
            let reported = try Failure.reporting(other) {
                try ReportUserUseCase(storage: app.storage, clock: app.clock)(me: me, other: other, reason: reason, comment: context[Self.comment])
            }
            return MatchRenderer(format: context.format).render(.reported(reported))
        }
    }
}
