/// One `--name` a command accepts.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent: `--json`.
        case flag
        /// Takes one value; the last one given wins: `--nick <nick>`.
        case value(String)
        /// Takes one value and may be repeated: `--study <study> ...`.
        case repeating(String)
    }

    /// Long name without dashes.
    public let name: String
    /// Single-letter alias (`h` for `-h`), if any.
    public var short: Character?
    public let kind: Kind
    public let help: String
    public var isRequired: Bool
    /// Words a shell completes the value with (`female`, `male`).
    public var choices: [String]
    /// A shell completes the value with file names (`--db`).
    public var completesFiles = false

    public init(name: String, short: Character? = nil, kind: Kind, help: String, isRequired: Bool = false, choices: [String] = []) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
        self.isRequired = isRequired
        self.choices = choices
    }

    public static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help)
    }

    public static func value(
        _ name: String, short: Character? = nil, _ valueName: String, _ help: String, required: Bool = false, choices: [String] = []
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(valueName), help: help, isRequired: required, choices: choices)
    }

    public static func repeating(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .repeating(valueName), help: help)
    }

    public var longName: String { "--\(name)" }

    public var takesValue: Bool { kind != .flag }

    /// `--nick <nick>` or `--json`, as in usage lines and errors.
    public var synopsis: String {
        switch kind {
        case .flag: longName
        case .value(let valueName), .repeating(let valueName): "\(longName) <\(valueName)>"
        }
    }

    /// `-h, --help` or `--nick <nick>`, as in the OPTIONS list.
    public var label: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }
}
