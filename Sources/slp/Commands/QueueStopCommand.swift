import SLPCommandLine

/// `slp queue stop`
enum QueueStopCommand: Command {
    static let spec = CommandSpec(
        name: "stop",
        abstract: "Leave the matching queue.",
        examples: ["slp queue stop --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        await QueueFeatureRunner.run(.stop(actingUser: context.actingUser), context: context)
    }
}
