import SLPCommandLine
import SLPDomain

/// `slp register`
enum RegisterCommand: Command {
    static let spec = CommandSpec(
        name: "register",
        abstract: "Register a new account and print its uid.",
        discussion: "You must be at least 17 years old. One account per phone number; nicks need not be unique.",
        options: [
            .value("phone", "phone", "Korean mobile number: 010-1234-5678, 01012345678 or +821012345678.", required: true),
            .value("nick", "nick", "Display name, 1 to 10 characters.", required: true),
            .value("birth", "yyyy-mm-dd", "Date of birth.", required: true),
            .value("email", "email", "E-mail address.", required: true),
            .value("gender", "gender", "female or male.", required: true, choices: ["female", "male"]),
        ],
        examples: ["slp register --phone 010-1234-5678 --nick 새싹 --birth 1998-03-14 --email sesac@example.com --gender female"])

    static func run(_ context: CommandContext) async -> Output {
        let request: RegisterUserUseCase.Request
        do {
            request = RegisterUserUseCase.Request(
                phone: context.required("phone"), nick: context.required("nick"),
                birth: try ValueSyntax.date(context.required("birth"), option: "--birth"),
                email: context.required("email"), gender: try Gender(context.required("gender")))
        } catch {
            return context.fail(error)
        }
        return await context.run(.submit(request), feature: \.registerFeature, initialState: .init()) { state, dependencies in
            RegisterRenderer(format: context.format, failures: context.failures, now: dependencies.now).render(state)
        }
    }
}
