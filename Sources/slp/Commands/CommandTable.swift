import SLPCommandLine

/// Every command slp knows, in one list: the parser, help, completion and the man page read the
/// tree it makes, and the runner of each command is found in it.
enum CommandTable {
    static let version = "0.1.0"

    /// One command or group: where it sits, what it accepts and shows, and how it runs (a group
    /// that only holds subcommands has no runner).
    struct Entry {
        let path: [String]
        let spec: CommandSpec
        let runner: (any Command.Type)?

        /// A command that runs, under `group` (the root when empty).
        static func command(_ command: any Command.Type, in group: String? = nil) -> Entry {
            Entry(path: (group.map { [$0] } ?? []) + [command.spec.name], spec: command.spec, runner: command)
        }

        /// A group of commands: its subcommands are the entries under its name.
        static func group(_ spec: CommandSpec) -> Entry {
            Entry(path: [spec.name], spec: spec, runner: nil)
        }
    }

    /// The one list, in the order help lists the commands.
    static let entries: [Entry] = [
        .command(RegisterCommand.self),
        .group(UserCommand.spec),
        .command(UserShowCommand.self, in: "user"),
        .command(UserUpdateCommand.self, in: "user"),
        .command(UserWithdrawCommand.self, in: "user"),
        .command(QueueCommand.self),
        .command(QueueStopCommand.self, in: "queue"),
        .command(QueueStatusCommand.self, in: "queue"),
        .command(SearchCommand.self),
        .command(MapCommand.self),
        .group(MatchCommand.spec),
        .command(MatchRequestCommand.self, in: "match"),
        .command(MatchAcceptCommand.self, in: "match"),
        .command(MatchDodgeCommand.self, in: "match"),
        .command(MatchReviewCommand.self, in: "match"),
        .command(MatchReportCommand.self, in: "match"),
        .command(ChatCommand.self),
        .command(ChatSendCommand.self, in: "chat"),
        .command(ChatListCommand.self, in: "chat"),
        .command(ChatFollowCommand.self, in: "chat"),
        .command(EventsCommand.self),
        .group(ShopCommand.spec),
        .command(ShopListCommand.self, in: "shop"),
        .command(ShopBuyCommand.self, in: "shop"),
        .command(ShopWearCommand.self, in: "shop"),
        .command(TokenCommand.self),
        .command(ServeCommand.self),
        .command(PushesCommand.self),
        .command(BackupCommand.self),
        .command(SeedCommand.self),
        .command(DemoCommand.self),
        .command(CompletionCommand.self),
        .command(HelpCommand.self),
    ]

    /// The whole tree: the root and, under each command, the entries whose path continues it.
    static let root = node(
        CommandSpec(
            name: "slp",
            abstract: "Find study partners nearby, match one to one, and chat.",
            discussion: "One SQLite file holds the whole service; many slp processes may use it at once."),
        at: [])

    private static func node(_ spec: CommandSpec, at path: [String]) -> CommandSpec {
        var spec = spec
        spec.subcommands = entries.indices.filter { entries[$0].path.dropLast() == path[...] }.map { node(entries[$0].spec, at: entries[$0].path) }
        return spec
    }

    /// The parser of slp's command line: this table and the global options.
    static let parser = ArgumentParser(root: root, globalOptions: GlobalOptions.specs)

    /// The runner of the command at `path`, if it is a runnable command.
    static func command(at path: [String]) -> (any Command.Type)? {
        entries.first { $0.path == path }?.runner
    }

    /// Parses the command line, runs the command, and returns what to print and the exit code.
    @MainActor
    static func run(_ environment: ProcessEnvironment) async -> Output {
        let help = HelpFormatter(for: CommandTable.parser)
        let invocation: Invocation
        do {
            invocation = try CommandTable.parser.parse(environment.arguments)
        } catch {
            let wantsJSON = environment.arguments.prefix { $0 != "--" }.contains("--json")
            return FailureRenderer(help: help).render(Failure(error), format: wantsJSON ? .json : .text(.plain))
        }
        let wantsJSON = invocation[GlobalOptions.json]
        if invocation.version {
            guard wantsJSON else { return .success(CommandTable.version + "\n") }
            return .success(JSONValue.object([("version", .string(CommandTable.version))]).text + "\n")
        }
        guard let command = CommandTable.parser.command(at: invocation.path) else {
            return FailureRenderer(help: help).render(
                Failure(code: "internal_error", status: nil, message: "no such command", exitCode: .software), format: .text(.plain))
        }
        let showsHelp = invocation.help || !command.isRunnable
        // --json is never ignored: help, and a command that prints only for people, refuse it.
        if wantsJSON, showsHelp || CommandTable.command(at: invocation.path)?.printsJSON == false {
            let name = showsHelp ? "help" : help.commandName(invocation.path)
            return FailureRenderer(help: help).render(Failure(UsageError(message: "--json: \(name) has no JSON output")), format: .json)
        }
        if showsHelp {
            var output = Output.success(help.help(for: invocation.path, command: command))
            output.pager = Pager.command(for: environment, disabled: invocation[GlobalOptions.noPager])
            return output
        }
        guard let runner = CommandTable.command(at: invocation.path) else {
            return FailureRenderer(help: help).render(
                Failure(code: "internal_error", status: nil, message: "command has no runner", exitCode: .software), format: .text(.plain))
        }
        return await runner.run(CommandContext(invocation: invocation, environment: environment, help: help))
    }
}
