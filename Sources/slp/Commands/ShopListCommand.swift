import SLPCommandLine
import SLPDomain

/// `slp shop list`
enum ShopListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Show the sesac faces and backgrounds with prices, and what you own and wear.",
        examples: ["slp shop list --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform { app in
            ShopRenderer(format: context.format, now: app.now).render(try ShowUserUseCase(storage: app.storage).record(of: try context.me(app)))
        }
    }
}
