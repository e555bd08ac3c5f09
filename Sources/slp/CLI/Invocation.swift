/// A parsed command line: which command, and the raw text of each option and argument.
///
/// Values stay text here; each command checks their syntax when it builds its action.
struct Invocation: Sendable, Equatable {
    /// Command words from the root, e.g. `["user", "update"]`.
    var path: [String]
    var global = GlobalOptions()
    /// Values by option name, in the order given.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var arguments: [String] = []

    /// The last value of a single-value option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeating option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The command's full name, as in `slp user update`.
    var commandName: String { (["slp"] + path).joined(separator: " ") }
}
