import SLPCommandLine
import SLPDomain

/// `slp register`
enum RegisterCommand: Command {
    static let phone = OptionKey(required: "phone", "phone", "Korean mobile number: 010-1234-5678, 01012345678 or +821012345678.", as: .text)
    static let nick = OptionKey(required: "nick", "nick", "Display name, 1 to 10 characters.", as: .text)
    static let birth = OptionKey(required: "birth", "yyyy-mm-dd", "Date of birth.", as: .date)
    static let email = OptionKey(required: "email", "email", "E-mail address.", as: .text)
    static let gender = OptionKey(required: "gender", "gender", "female or male.", choices: ["female", "male"], as: .text)

    /// Registering starts the service where there is none yet.
    static let createsDatabase = true

    static let spec = CommandSpec(
        name: "register",
        abstract: "Register a new account and print its uid.",
        discussion: "You must be at least 17 years old. One account per phone number; nicks need not be unique.",
        options: [phone.spec, nick.spec, birth.spec, email.spec, gender.spec],
        examples: ["slp register --phone 010-1234-5678 --nick 새싹 --birth 1998-03-14 --email sesac@example.com --gender female"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            RegisterUserUseCase.Request(
                phone: try context[Self.phone], nick: try context[Self.nick], birth: try context[Self.birth],
                email: try context[Self.email], gender: try Gender(context[Self.gender]))
        }) { app, request in
            RegisterRenderer(format: context.format, now: app.now).render(try RegisterUserUseCase(storage: app.storage, clock: app.clock)(request))
        }
    }
}
