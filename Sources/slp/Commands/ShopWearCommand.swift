import SLPCommandLine

/// `slp shop wear [--sesac N] [--background N]`
enum ShopWearCommand: Command {
    static let spec = CommandSpec(
        name: "wear",
        abstract: "Wear a face and/or a background you own.",
        options: [
            .value("sesac", "n", "The sesac face to wear (0–4)."),
            .value("background", "n", "The background to wear (0–7)."),
        ],
        examples: ["slp shop wear --as 010-1234-5678 --sesac 1 --background 4"])

    static func run(_ context: CommandContext) async -> Output {
        let sesac: Int?, background: Int?
        do {
            sesac = try context.invocation.value("sesac").map { try ValueSyntax.integer($0, option: "--sesac") }
            background = try context.invocation.value("background").map { try ValueSyntax.integer($0, option: "--background") }
        } catch {
            return context.fail(error)
        }
        return await ShopFeatureRunner.run(.wear(actingUser: context.actingUser, sesac: sesac, background: background), context: context)
    }
}
