/// A parsed command line: which command, and the raw text of each option and argument.
///
/// Values stay text here; each command checks their syntax when it builds its action.
public struct Invocation: Sendable, Equatable {
    /// Command words from the root, e.g. `["user", "update"]`.
    public var path: [String]
    /// Values by option name (the command's options and the global ones), in the order given.
    public var values: [String: [String]]
    /// Flags given, by name (the command's and the global ones).
    public var flags: Set<String>
    public var arguments: [String]
    /// `-h` or `--help` anywhere.
    public var help: Bool
    /// `--version` anywhere.
    public var version: Bool

    public init(
        path: [String] = [], values: [String: [String]] = [:], flags: Set<String> = [], arguments: [String] = [],
        help: Bool = false, version: Bool = false
    ) {
        self.path = path
        self.values = values
        self.flags = flags
        self.arguments = arguments
        self.help = help
        self.version = version
    }

    /// The last value of a single-value option.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeating option.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
}
