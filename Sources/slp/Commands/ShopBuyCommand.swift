import SLPCommandLine
import SLPDomain

/// `slp shop buy sesac|background N`
enum ShopBuyCommand: Command {
    static let spec = CommandSpec(
        name: "buy",
        abstract: "Buy a sesac face or a background (recorded; there is no payment here).",
        arguments: [
            ArgumentSpec(name: "kind", help: "sesac or background.", choices: ShopItemKind.allCases.map(\.rawValue)),
            ArgumentSpec(name: "number", help: "The item's number in 'slp shop list'."),
        ],
        examples: ["slp shop buy sesac 1 --as 010-1234-5678", "slp shop buy background 4 --as 010-1234-5678"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let arguments = context.invocation.arguments
            guard let kind = ShopItemKind(rawValue: arguments[0].lowercased()) else {
                throw UsageError(message: "kind: '\(ValueSyntax.printable(arguments[0]))' is not sesac or background", code: "invalid_value")
            }
            return (kind, try ValueSyntax.integer(arguments[1], option: "number"))
        }) { app, item in
            let (kind, index) = item
            let me = try context.me(app)
            _ = try BuyItemUseCase(storage: app.storage)(me: me, kind: kind, index: index)
            let record = try ShowUserUseCase(storage: app.storage).record(of: me)
            return ShopRenderer(format: context.format, now: app.now).render(record, notice: .bought(try ShopCatalog.item(kind, index)))
        }
    }
}
