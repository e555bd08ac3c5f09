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
        let action: TokenFeature.Action
        do {
            let hours = try context[Self.hours] ?? 1
            guard (1...720).contains(hours) else {
                throw UsageError(message: "--hours: a token lives 1 to 720 hours, not \(hours)", commandPath: ["token"], code: "invalid_value")
            }
            let lifetime = Duration.seconds(hours * 3_600)
            if let phone = context[Self.phone] {
                guard context.invocation[GlobalOptions.actingUser] == nil else {
                    throw UsageError(message: "--phone and --as name two different people; give one", commandPath: ["token"])
                }
                action = .issueForPhone(phone, lifetime: lifetime)
            } else {
                action = .issue(actingUser: context.actingUser, lifetime: lifetime)
            }
        } catch {
            return context.fail(error)
        }
        return await context.run(action, feature: \.tokenFeature, initialState: .init()) { state, _ in
            TokenRenderer(format: context.format, failures: context.failures).render(state)
        }
    }
}
