import SLPCommandLine

/// Every command slp knows: the parser, help, completion and the man page all read this table.
enum CommandTable {
    static let version = "0.1.0"

    static let root = CommandSpec(
        name: "slp",
        abstract: "Find study partners nearby, match one to one, and chat.",
        discussion: "One SQLite file holds the whole service; many slp processes may use it at once.",
        subcommands: [
            RegisterCommand.spec, UserCommand.spec, QueueCommand.spec, SearchCommand.spec, MapCommand.spec, MatchCommand.spec, ChatCommand.spec,
            EventsCommand.spec, ShopCommand.spec, SeedCommand.spec, DemoCommand.spec, CompletionCommand.spec, HelpCommand.spec,
        ])

    /// The parser of slp's command line: this table and the global options.
    static let parser = ArgumentParser(root: root, globalOptions: GlobalOptions.specs)

    /// The runnable leaves and their command paths, searched in order: a few dozen entries.
    static let commands: [(path: [String], command: any Command.Type)] = [
        (["register"], RegisterCommand.self),
        (["user", "show"], UserShowCommand.self),
        (["user", "update"], UserUpdateCommand.self),
        (["user", "withdraw"], UserWithdrawCommand.self),
        (["queue"], QueueCommand.self),
        (["queue", "stop"], QueueStopCommand.self),
        (["queue", "status"], QueueStatusCommand.self),
        (["match", "request"], MatchRequestCommand.self),
        (["match", "accept"], MatchAcceptCommand.self),
        (["match", "dodge"], MatchDodgeCommand.self),
        (["match", "review"], MatchReviewCommand.self),
        (["match", "report"], MatchReportCommand.self),
        (["chat"], ChatCommand.self),
        (["chat", "send"], ChatSendCommand.self),
        (["chat", "list"], ChatListCommand.self),
        (["chat", "follow"], ChatFollowCommand.self),
        (["events"], EventsCommand.self),
        (["shop", "list"], ShopListCommand.self),
        (["shop", "buy"], ShopBuyCommand.self),
        (["shop", "wear"], ShopWearCommand.self),
        (["search"], SearchCommand.self),
        (["map"], MapCommand.self),
        (["seed"], SeedCommand.self),
        (["demo"], DemoCommand.self),
        (["completion"], CompletionCommand.self),
        (["help"], HelpCommand.self),
    ]

    /// The runner of the command at `path`, if it is a runnable leaf.
    static func command(at path: [String]) -> (any Command.Type)? {
        commands.first { $0.path == path }?.command
    }
}
