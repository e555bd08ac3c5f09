import SLPCommandLine

/// A leaf of the command table: its spec (for parsing, help, completion) and how it runs.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// True for the commands that may start a service where there is none (`register`, `seed`;
    /// the demo through its own `register` step); every other one needs an existing database
    /// (`no_database` otherwise): it only reads, or acts for a user, who must be in it.
    static var createsDatabase: Bool { get }
    /// False for a command that prints only for people (`help`, `demo`, `completion`, `serve`):
    /// `--json` is refused there (64) rather than ignored.
    static var printsJSON: Bool { get }
    /// Builds the action from the parsed line, runs the feature's store, renders its state.
    @MainActor static func run(_ context: CommandContext) async -> Output
}

extension Command {
    static var createsDatabase: Bool { false }
    static var printsJSON: Bool { true }
}
