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
        guard context[Self.yes] || context.environment.stdinIsTerminal else { return context.fail(unconfirmed) }
        return context.perform { app in
            guard !context[Self.yes] else {
                return UserRenderer(format: context.format, now: app.now).withdrawn(try WithdrawUserUseCase(storage: app.storage, clock: app.clock)(me: try context.me(app)))
            }
            // Who I am first (an unknown user is told so before any question), then the question.
            let user = try IdentifyUserUseCase(storage: app.storage)(context.actingUser)
            StandardStreams.writeError(
                "This deletes \(user.nick) (\(user.uid)) and all their personal data for good.\n" + "Type the nick \(user.nick) to confirm: ")
            var answers = StandardInputLines()
            let answer = try answers.next()
            guard let answer, (try? Nick(answer))?.value == user.nick.value else {
                if answer == nil { StandardStreams.writeError("\n") }
                throw Failure(code: "not_confirmed", status: nil, message: "the nick was not typed back; nothing was deleted", exitCode: .usage)
            }
            return UserRenderer(format: context.format, now: app.now).withdrawn(try WithdrawUserUseCase(storage: app.storage, clock: app.clock)(me: user.uid))
        }
    }
}
