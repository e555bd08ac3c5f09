#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPCommandLine
import SLPDomain

/// `slp user withdraw [--yes]`
enum UserWithdrawCommand: Command {
    static let yes = OptionKey(flag: "yes", "Do not ask first (for scripts).")

    static let spec = CommandSpec(
        name: "withdraw",
        abstract: "Delete my account and personal data.",
        discussion: """
            A past partner keeps the conversation, shown as from a withdrawn user. On a terminal slp asks first: type \
            your nick back to confirm. Without a terminal, --yes is needed.
            """,
        options: [yes.spec],
        examples: ["slp user withdraw --as 010-1234-5678", "slp user withdraw --as 010-1234-5678 --yes"])

    /// No terminal to ask on and no `--yes`: nothing is opened, nothing changes.
    static let unconfirmed = UsageError(
        message: "withdrawing deletes your account for good: run it on a terminal to confirm, or pass --yes",
        commandPath: ["user", "withdraw"], code: "not_confirmed")

    static func run(_ context: CommandContext) async -> Output {
        guard !context[Self.yes] else { return await UserFeatureRunner.run(.withdraw(actingUser: context.actingUser), context: context) }
        guard context.environment.stdinIsTerminal else { return context.fail(unconfirmed) }
        let renderer = UserWithdrawStreamRenderer(user: UserRenderer(format: context.format, failures: context.failures, now: .now))
        var step = 0
        var answers = StandardInputLines()
        // Who I am first (an unknown user is told so before any question), then the question.
        return await context.stream(feature: \.userFeature, initialState: .init(), renderer: renderer) { state in
            step += 1
            if step == 1 { return .prepareWithdrawal(actingUser: context.actingUser) }
            guard step == 2, state.failure == nil, let user = state.confirming else { return nil }
            StandardStreams.writeError(
                "This deletes \(user.nick) (\(user.uid)) and all their personal data for good.\n"
                    + "Type the nick \(user.nick) to confirm: ")
            let answer = try answers.next()
            guard let answer, (try? Nick(answer))?.value == user.nick.value else {
                if answer == nil { StandardStreams.writeError("\n") }
                throw Failure(
                    code: "not_confirmed", status: nil, message: "the nick was not typed back; nothing was deleted", exitCode: .usage)
            }
            return .withdraw(actingUser: user.uid.rawValue)
        }
    }
}
