import SLPCommandLine
import SLPDomain

/// `slp pushes`
enum PushesCommand: Command {
    static let spec = CommandSpec(
        name: "pushes",
        abstract: "Show what the push senders did: pushes pending, sent, retried, dropped, tokens cleared, parked.",
        discussion: """
            Counted in the database over every slp serve that sends pushes (--fcm-credentials) and every restart. \
            Pending: in the outbox now, waiting or in flight. Dropped: no longer worth sending (the request withdrawn, \
            the event over an hour old, the recipient without a token), refused by FCM, or failing for an hour. \
            Tokens cleared: FCM said the phone's token was gone. Parked: held while the configuration is at fault \
            (the Firebase project's APNs key, the credentials); serve's error log says which.
            """,
        examples: ["slp pushes", "slp --json pushes"])

    static func run(_ context: CommandContext) async -> Output {
        context.perform { app in PushesRenderer(format: context.format).render(try ReadPushCountsUseCase(storage: app.storage)()) }
    }
}
