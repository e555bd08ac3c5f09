/// One `--name` a command accepts.
struct OptionSpec: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Present or absent: `--json`.
        case flag
        /// Takes one value; the last one given wins: `--nick <nick>`.
        case value(String)
        /// Takes one value and may be repeated: `--study <study> ...`.
        case repeating(String)
    }

    /// Long name without dashes.
    let name: String
    /// Single-letter alias (`h` for `-h`), if any.
    var short: Character? = nil
    let kind: Kind
    let help: String
    var isRequired = false
    /// Words a shell completes the value with (`female`, `male`).
    var choices: [String] = []

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, required: Bool = false, choices: [String] = []) -> OptionSpec {
        OptionSpec(name: name, kind: .value(valueName), help: help, isRequired: required, choices: choices)
    }

    static func repeating(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeating(valueName), help: help)
    }

    var longName: String { "--\(name)" }

    var takesValue: Bool { kind != .flag }

    /// `--nick <nick>` or `--json`, as in usage lines and errors.
    var synopsis: String {
        switch kind {
        case .flag: longName
        case .value(let valueName), .repeating(let valueName): "\(longName) <\(valueName)>"
        }
    }

    /// `-h, --help` or `--nick <nick>`, as in the OPTIONS list.
    var label: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }
}
