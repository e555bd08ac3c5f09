import SLPCommandLine

/// A leaf of the command table: its spec (for parsing, help, completion) and how it runs.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Builds the action from the parsed line, runs the feature's store, renders its state.
    @MainActor static func run(_ context: CommandContext) async -> Output
}
