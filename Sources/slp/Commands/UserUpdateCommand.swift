import SLPCommandLine
import SLPDomain

/// `slp user update`
enum UserUpdateCommand: Command {
    static let searchable = OptionKey("searchable", "on|off", "Whether others see me in search.", choices: ["on", "off"], as: .toggle)
    static let ageMin = OptionKey("age-min", "age", "Youngest partner age I accept (18 to 65).", as: .integer)
    static let ageMax = OptionKey("age-max", "age", "Oldest partner age I accept (18 to 65).", as: .integer)
    static let gender = OptionKey("gender", "gender", "female or male.", choices: ["female", "male"], as: .text)
    static let study = OptionKey("study", "text", "What I like to study, up to 50 characters (empty clears it).", as: .text)

    static let spec = CommandSpec(
        name: "update",
        abstract: "Change my page: search visibility, partner ages, gender, study line.",
        options: [searchable.spec, ageMin.spec, ageMax.spec, gender.spec, study.spec],
        examples: ["slp user update --as 010-1234-5678 --age-min 20 --age-max 35 --searchable on"])

    /// An update that names no field: the options to choose from, before anything is opened.
    static let nothingToUpdate = UsageError(
        message: "give at least one of " + spec.options.map(\.longName).joined(separator: ", "), commandPath: ["user", "update"],
        code: "nothing_to_update")

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let changes = MyPageChanges(
                searchable: try context[Self.searchable], ageMin: try context[Self.ageMin], ageMax: try context[Self.ageMax],
                gender: try context[Self.gender].map { try Gender($0) }, study: context[Self.study])
            guard !changes.isEmpty else { throw nothingToUpdate }
            return changes
        }) { app, changes in
            let me = try context.me(app)
            _ = try UpdateMyPageUseCase(storage: app.storage)(me: me, changes)
            return UserRenderer(format: context.format, now: app.now).render(.mine(try ShowUserUseCase(storage: app.storage).record(of: me)))
        }
    }
}
