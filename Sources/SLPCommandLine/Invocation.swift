/// A parsed command line: which command, the text of each option and the arguments.
///
/// Options are read through the command's typed keys (`invocation[RegisterCommand.birth]`),
/// which check the syntax of their values; arguments stay text here.
public struct Invocation: Sendable, Equatable {
    /// Command words from the root, e.g. `["user", "update"]`.
    public var path: [String]
    /// Values by option name (the command's options and the global ones), in the order given.
    package internal(set) var values: [String: [String]]
    /// Flags given, by name (the command's and the global ones).
    package internal(set) var flags: Set<String>
    public var arguments: [String]
    /// `-h` or `--help` anywhere.
    public var help: Bool
    /// `--version` anywhere.
    public var version: Bool

    package init(
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

    /// The option `key` stands for, as its type: plain text and flags, which cannot be wrong.
    ///
    /// Two subscripts rather than one generic over the failure: a typed-throws subscript read
    /// with `Never` outside a `try` crashes the 6.3 compiler (swiftlang/swift#74273).
    public subscript<Value>(key: OptionKey<Value, Never>) -> Value {
        key.read(self)
    }

    /// The option `key` stands for, as its type; a value of the wrong syntax is refused.
    public subscript<Value>(key: OptionKey<Value, UsageError>) -> Value {
        get throws(UsageError) { try key.read(self) }
    }
}
