import SLPCommandLine
import SLPDomain

/// `slp token --as UID|PHONE [--hours H] [--link [--base URL]]` or `slp token --phone P [--hours H] [--link [--base URL]]`
enum TokenCommand: Command {
    static let phone = OptionKey("phone", "phone", "A person not yet registered: a new uid bound to this phone number.", as: .text)
    static let hours = OptionKey("hours", "h", "How long the token is valid, 1 to 720 hours (default: 1).", as: .integer)
    static let link = OptionKey(flag: "link", "Print the web client's sign-in link, {base}/#token=…, instead of the bare token.")
    static let base = OptionKey(
        "base", "url", "Where people open slp serve, for --link (default: $SLP_BASE_URL, else \(SignInLink.defaultBase)).", as: .text)

    /// A token is signed with the key the database keeps: the first one starts the service.
    static let createsDatabase = true

    static let spec = CommandSpec(
        name: "token",
        abstract: "Print an idtoken for the API (slp serve): for an account, or for a phone about to register.",
        discussion: """
            The token is a JWT signed with a key this service makes on first use and keeps in its database; \
            only this command ever prints a token. With --phone, POST /v1/user must then register that phone. \
            With --link it prints a link that signs the web client in (the token in the link's fragment, which \
            browsers never send to a server); keep it as secret as the token.
            """,
        options: [phone.spec, hours.spec, link.spec, base.spec],
        examples: ["slp token --as 010-1234-5678", "slp token --phone 010-9876-5432 --hours 24", "slp token --as 010-1234-5678 --link --base https://slp.example.org"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let hours = try context[Self.hours] ?? 1
            guard (1...720).contains(hours) else {
                throw UsageError(message: "--hours: a token lives 1 to 720 hours, not \(hours)", commandPath: ["token"], code: "invalid_value")
            }
            if context[Self.phone] != nil, context.invocation[GlobalOptions.actingUser] != nil {
                throw UsageError(message: "--phone and --as name two different people; give one", commandPath: ["token"])
            }
            if context[Self.base] != nil, !context[Self.link] {
                throw UsageError(message: "--base is the address of --link's link; give --link too", commandPath: ["token"])
            }
            let link = try context[Self.link] ? SignInLink(option: context[Self.base], variable: context.environment[SignInLink.variable]) : nil
            return (context[Self.phone], Duration.seconds(hours * 3_600), link)
        }) { app, asked in
            let (phone, lifetime, link) = asked
            let tokens = app.tokens()
            let renderer = TokenRenderer(format: context.format, link: link)
            guard let phone else {
                // A token names an account that exists: the whole user is looked up.
                let me = try IdentifyUserUseCase(storage: app.storage)(context.actingUser)
                return renderer.render(try tokens.issue(uid: me.uid, phone: nil, lifetime: lifetime))
            }
            let number = try PhoneNumber(phone)
            // Someone with an account signs in as that account (`--as`), never as a new uid.
            do {
                _ = try IdentifyUserUseCase(storage: app.storage)(number.e164)
                throw DomainError.alreadyRegistered
            } catch DomainError.notRegistered {}
            return renderer.render(try tokens.issue(uid: RandomUserIDGenerator().next(), phone: number, lifetime: lifetime))
        }
    }
}
