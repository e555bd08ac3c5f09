import SLPCommandLine

/// `slp user withdraw`
enum UserWithdrawCommand: Command {
    static let spec = CommandSpec(
        name: "withdraw",
        abstract: "Delete my account and personal data.",
        discussion: "A past partner keeps the conversation, shown as from a withdrawn user.",
        examples: ["slp user withdraw --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        await UserFeatureRunner.run(.withdraw(actingUser: context.actingUser), context: context)
    }
}
