import SLPCommandLine
import SLPDomain

/// `slp user update`
enum UserUpdateCommand: Command {
    static let spec = CommandSpec(
        name: "update",
        abstract: "Change my page: search visibility, partner ages, gender, study line.",
        options: [
            .value("searchable", "on|off", "Whether others see me in search.", choices: ["on", "off"]),
            .value("age-min", "age", "Youngest partner age I accept (18 to 65)."),
            .value("age-max", "age", "Oldest partner age I accept (18 to 65)."),
            .value("gender", "gender", "female or male.", choices: ["female", "male"]),
            .value("study", "text", "What I like to study, up to 50 characters (empty clears it)."),
        ],
        examples: ["slp user update --as 010-1234-5678 --age-min 20 --age-max 35 --searchable on"])

    static func run(_ context: CommandContext) async -> Output {
        let changes: MyPageChanges
        do {
            let invocation = context.invocation
            changes = MyPageChanges(
                searchable: try invocation.value("searchable").map { try ValueSyntax.toggle($0, option: "--searchable") },
                ageMin: try invocation.value("age-min").map { try ValueSyntax.integer($0, option: "--age-min") },
                ageMax: try invocation.value("age-max").map { try ValueSyntax.integer($0, option: "--age-max") },
                gender: try invocation.value("gender").map { try Gender($0) },
                study: invocation.value("study"))
        } catch {
            return context.fail(error)
        }
        return await UserFeatureRunner.run(.update(actingUser: context.actingUser, changes), context: context)
    }
}
