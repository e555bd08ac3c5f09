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
        if invocation.version { return .success(CommandTable.version + "\n") }
        guard let command = CommandTable.parser.command(at: invocation.path) else {
            return FailureRenderer(help: help).render(
                Failure(code: "internal_error", status: nil, message: "no such command", exitCode: .software), format: .text(.plain))
        }
        if invocation.help || !command.isRunnable {
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
