import SLPCommandLine

/// Parses the command line, runs the command, and returns what to print and the exit code.
@MainActor
enum Application {
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
