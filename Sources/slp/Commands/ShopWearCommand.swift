import SLPCommandLine
import SLPDomain

/// `slp shop wear [--sesac N] [--background N]`
enum ShopWearCommand: Command {
    static let sesac = OptionKey(
        "sesac", "n", "The sesac face to wear (0–4).", choices: ShopCatalog.items(.sesac).map { String($0.index) }, as: .integer)
    static let background = OptionKey(
        "background", "n", "The background to wear (0–7).", choices: ShopCatalog.items(.background).map { String($0.index) }, as: .integer)

    static let spec = CommandSpec(
        name: "wear",
        abstract: "Wear a face and/or a background you own.",
        options: [sesac.spec, background.spec],
        examples: ["slp shop wear --as 010-1234-5678 --sesac 1 --background 4"])

    /// A wear that names neither item: the options to choose from, before anything is opened.
    static let nothingToWear = UsageError(
        message: "give \(sesac.spec.longName) N, \(background.spec.longName) N or both", commandPath: ["shop", "wear"], code: "nothing_to_wear")

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let (face, card) = (try context[Self.sesac], try context[Self.background])
            guard face != nil || card != nil else { throw nothingToWear }
            return (face, card)
        }) { app, wear in
            let me = try context.me(app)
            let user = try WearItemsUseCase(storage: app.storage)(me: me, sesac: wear.0, background: wear.1)
            let record = try ShowUserUseCase(storage: app.storage).record(of: me)
            return ShopRenderer(format: context.format, now: app.now).render(record, notice: try .wearing(user))
        }
    }
}
