import SLPCommandLine
import SLPDomain

/// `slp queue status`
enum QueueStatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show whether you are in general, waiting (where, for what) or matched, and with whom.",
        examples: ["slp queue status --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform { app in QueueRenderer(format: context.format).status(try QueueStateUseCase(storage: app.storage)(me: try context.me(app))) }
    }
}
