import SLPCommandLine

/// `slp shop wear [--sesac N] [--background N]`
enum ShopWearCommand: Command {
    static let sesac = OptionKey("sesac", "n", "The sesac face to wear (0–4).", as: .integer)
    static let background = OptionKey("background", "n", "The background to wear (0–7).", as: .integer)

    static let spec = CommandSpec(
        name: "wear",
        abstract: "Wear a face and/or a background you own.",
        options: [sesac.spec, background.spec],
        examples: ["slp shop wear --as 010-1234-5678 --sesac 1 --background 4"])

    static func run(_ context: CommandContext) async -> Output {
        let action: ShopFeature.Action
        do {
            action = .wear(actingUser: context.actingUser, sesac: try context[Self.sesac], background: try context[Self.background])
        } catch {
            return context.fail(error)
        }
        return await ShopFeatureRunner.run(action, context: context)
    }
}
