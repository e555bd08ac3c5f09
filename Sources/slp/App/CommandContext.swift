import SLPCommandLine
import SLPDomain

/// Everything a command needs to run: its parsed line, the environment, the output format,
/// and the dependencies, opened only when the command asks for them.
@MainActor
final class CommandContext {
    let invocation: Invocation
    let environment: ProcessEnvironment
    let help: HelpFormatter
    let format: OutputFormat
    let failures: FailureRenderer
    /// The acting user as given: `--as` > `SLP_USER`; nil when neither is.
    let actingUser: String?

    init(invocation: Invocation, environment: ProcessEnvironment, help: HelpFormatter) {
        self.invocation = invocation
        self.environment = environment
        self.help = help
        // NO_COLOR counts only when it holds something (no-color.org): an empty one is unset.
        let colors = environment.stdoutIsTerminal && environment["NO_COLOR"] == nil && environment.value(of: "TERM") != "dumb"
        format = invocation[GlobalOptions.json] ? .json : .text(Style(colors: colors))
        actingUser = invocation[GlobalOptions.actingUser] ?? environment["SLP_USER"]
        failures = FailureRenderer(help: help, actingUser: actingUser)
    }

    /// The option `key` stands for in the command line: plain text or a flag.
    subscript<Value>(key: OptionKey<Value, Never>) -> Value {
        invocation[key]
    }

    /// The option `key` stands for in the command line, its syntax checked.
    subscript<Value>(key: OptionKey<Value, UsageError>) -> Value {
        get throws(UsageError) { try invocation[key] }
    }

    /// Opens the database and wires the use cases; only a command that may start a service
    /// creates the database.
    func dependencies() throws -> Dependencies {
        let location = try DatabaseLocation.resolve(option: invocation[GlobalOptions.database], environment: environment)
        let creates = CommandTable.command(at: invocation.path)?.createsDatabase ?? false
        return try Dependencies(location: location, fixedClock: fixedClock(), creates: creates)
    }

    /// `SLP_NOW` if set (an ISO 8601 time), else the wall clock.
    func clock() throws(UsageError) -> any TimeProvider {
        try fixedClock() ?? SystemTimeProvider()
    }

    /// The clock `SLP_NOW` stops, if set.
    func fixedClock() throws(UsageError) -> (any TimeProvider)? {
        guard let text = environment["SLP_NOW"] else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw UsageError(message: "SLP_NOW: '\(ValueSyntax.printable(text))' is not an ISO 8601 time", code: "invalid_value")
        }
        return FixedTimeProvider(now: date)
    }

    /// A one-shot command, start to end: the dependencies opened, `body` called once (it calls
    /// its use case and renders the result), any error rendered as everywhere, text for a person
    /// at a terminal through the pager.
    func perform(_ body: (Dependencies) throws -> Output) -> Output {
        do {
            return paged(try body(try dependencies()))
        } catch {
            return fail(error)
        }
    }

    /// `perform`, the command line read first: what `read` checks (values, their syntax) is
    /// refused before anything is opened.
    func perform<Input>(reading read: () throws -> Input, _ body: (Dependencies, Input) throws -> Output) -> Output {
        let input: Input
        do {
            input = try read()
        } catch {
            return fail(error)
        }
        return perform { try body($0, input) }
    }

    /// The acting user (`--as` > `SLP_USER`) as a uid, resolved once: a uid as given, a phone
    /// number looked up. The use case then reads me in its own transaction.
    func me(_ dependencies: Dependencies) throws -> UserID {
        try IdentifyUserUseCase(storage: dependencies.storage).uid(of: actingUser)
    }

    /// The command's `<uid>` argument, checked as a uid.
    func uidArgument() throws -> UserID {
        try UserID(invocation.arguments.first ?? "")
    }

    /// One screen, start to end: open the dependencies, run `action` through a new store of the
    /// feature they build, render the final state. Any error on the way renders as usual.
    /// `observe`, when given, sees every state as it changes (a progress bar).
    func run<F: Feature>(
        _ action: F.Action, feature: (Dependencies) -> F, initialState: F.State,
        observe: ((F.State) -> Void)? = nil, render: (F.State, Dependencies) -> Output
    ) async -> Output {
        do {
            let dependencies = try dependencies()
            let store = Store(feature(dependencies), initialState: initialState)
            if let observe { store.observe(observe) }
            await store.send(action)
            return paged(render(store.state, dependencies))
        } catch {
            return fail(error)
        }
    }

    /// `output` marked to go through the pager, if this run has one: text (never JSON) for a
    /// person at a terminal.
    func paged(_ output: Output) -> Output {
        guard case .text = format, output.stdoutJSON == nil else { return output }
        var output = output
        output.pager = Pager.command(for: environment, disabled: invocation[GlobalOptions.noPager])
        return output
    }

    /// A screen that goes on: `next` gives each action in turn from the state so far (nil ends
    /// the screen), and whatever a state adds is written to stdout before the next action is
    /// asked for. What `next` throws ends the screen with that error, after what was printed.
    func stream<F: Feature, R: StreamRenderer<F.State>>(
        feature: (Dependencies) -> F, initialState: F.State, renderer: R,
        next: (F.State) async throws -> F.Action?
    ) async -> Output {
        do {
            let store = Store(feature(try dependencies()), initialState: initialState)
            var shown = initialState
            store.observe { state in
                let changes = renderer.changes(from: shown, to: state)
                shown = state
                if !changes.isEmpty { self.write(changes) }
            }
            do {
                while let action = try await next(store.state) { await store.send(action) }
            } catch {
                var output = renderer.end(store.state)
                let failure = fail(error)
                output.stderr = failure.stderr
                output.exitCode = failure.exitCode
                return output
            }
            return renderer.end(store.state)
        } catch {
            return fail(error)
        }
    }

    /// Writes to stdout at once, for screens that print as they go (the demo's narration).
    func write(_ text: String) {
        let label = environment.lineLabel
        guard !label.isEmpty else { return StandardStreams.writeOutput(text) }
        StandardStreams.writeOutput(text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            // The text ends with its last line's break: nothing follows it to label.
            line.isEmpty && index > 0 ? "" : label + line
        }.joined(separator: "\n"))
    }

    /// Renders any error the way every command does.
    func fail(_ error: any Error) -> Output {
        failures.render(Failure(error), format: format)
    }
}
