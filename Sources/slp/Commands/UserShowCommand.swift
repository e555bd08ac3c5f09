import SLPCommandLine
import SLPDomain

/// `slp user show [UID]`
enum UserShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show my record, or another user's public profile.",
        arguments: [ArgumentSpec(name: "uid", help: "Another user's uid (default: me).", isOptional: true)],
        examples: ["slp user show --as 010-1234-5678", "slp --json user show --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: { try context.invocation.arguments.first.map { try UserID($0) } }) { app, target in
            UserRenderer(format: context.format, now: app.now).render(try ShowUserUseCase(storage: app.storage)(me: try context.me(app), target: target))
        }
    }
}
