import SLPCommandLine
import SLPDomain

/// `slp token --as UID|PHONE [--hours H]` or `slp token --phone P [--hours H]`
enum TokenCommand: Command {
    static let phone = OptionKey("phone", "phone", "A person not yet registered: a new uid bound to this phone number.", as: .text)
    static let hours = OptionKey("hours", "h", "How long the token is valid, 1 to 720 hours (default: 1).", as: .integer)

    /// A token is signed with the key the database keeps: the first one starts the service.
    static let createsDatabase = true

    static let spec = CommandSpec(
        name: "token",
        abstract: "Print an idtoken for the API (slp serve): for an account, or for a phone about to register.",
        discussion: """
            The token is a JWT signed with a key this service makes on first use and keeps in its database; \
            only this command ever prints a token. With --phone, POST /v1/user must then register that phone.
            """,
        options: [phone.spec, hours.spec],
        examples: ["slp token --as 010-1234-5678", "slp token --phone 010-9876-5432 --hours 24"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform(reading: {
            let hours = try context[Self.hours] ?? 1
            guard (1...720).contains(hours) else {
                throw UsageError(message: "--hours: a token lives 1 to 720 hours, not \(hours)", commandPath: ["token"], code: "invalid_value")
            }
            if context[Self.phone] != nil, context.invocation[GlobalOptions.actingUser] != nil {
                throw UsageError(message: "--phone and --as name two different people; give one", commandPath: ["token"])
            }
            return (context[Self.phone], Duration.seconds(hours * 3_600))
        }) { app, asked in
            let (phone, lifetime) = asked
            let tokens = app.tokens()
            guard let phone else {
                // A token names an account that exists: the whole user is looked up.
                let me = try IdentifyUserUseCase(storage: app.storage)(context.actingUser)
                return TokenRenderer(format: context.format).render(try tokens.issue(uid: me.uid, phone: nil, lifetime: lifetime))
            }
            let number = try PhoneNumber(phone)
            // Someone with an account signs in as that account (`--as`), never as a new uid.
            do {
                _ = try IdentifyUserUseCase(storage: app.storage)(number.e164)
                throw DomainError.alreadyRegistered
            } catch DomainError.notRegistered {}
            return TokenRenderer(format: context.format).render(try tokens.issue(uid: RandomUserIDGenerator().next(), phone: number, lifetime: lifetime))
        }
    }
}
