import SLPCommandLine
import SLPDomain

/// `slp queue stop`
enum QueueStopCommand: Command {
    static let spec = CommandSpec(
        name: "stop",
        abstract: "Leave the matching queue.",
        examples: ["slp queue stop --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform { app in QueueRenderer(format: context.format).left(try LeaveQueueUseCase(storage: app.storage)(me: try context.me(app))) }
    }
}
