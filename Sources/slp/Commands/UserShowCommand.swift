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
        let target: UserID?
        do {
            target = try context.invocation.arguments.first.map { try UserID($0) }
        } catch {
            return context.fail(error)
        }
        return await UserFeatureRunner.run(.show(actingUser: context.actingUser, target: target), context: context)
    }
}
