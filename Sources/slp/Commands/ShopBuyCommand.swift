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
        let kind: ShopItemKind
        let index: Int
        do {
            let arguments = context.invocation.arguments
            guard let parsed = ShopItemKind(rawValue: arguments[0].lowercased()) else {
                throw UsageError(message: "kind: '\(ValueSyntax.printable(arguments[0]))' is not sesac or background", code: "invalid_value")
            }
            kind = parsed
            index = try ValueSyntax.integer(arguments[1], option: "number")
        } catch {
            return context.fail(error)
        }
        return await ShopFeatureRunner.run(.buy(actingUser: context.actingUser, kind: kind, index: index), context: context)
    }
}
