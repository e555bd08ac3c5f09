/// An option a command declares once, as a static property: its spec, from which the command's
/// `CommandSpec.options` are built, and how its value is read, so that `invocation[key]` gives a
/// typed value and a misspelt option name cannot compile.
///
/// `Value` is what a read gives (`Double` for a required option, `Double?` for one that may be
/// left out, `Bool` for a flag, `[String]` for a repeating option); `Failure` is what a read may
/// throw: `UsageError` for a value of the wrong syntax, `Never` when any text will do.
public struct OptionKey<Value: Sendable, Failure: Error>: Sendable {
    public let spec: OptionSpec
    private let body: @Sendable (Invocation) throws(Failure) -> Value

    private init(spec: OptionSpec, body: @escaping @Sendable (Invocation) throws(Failure) -> Value) {
        self.spec = spec
        self.body = body
    }

    /// The same option, its value completed with file names by the shell.
    public func completingFiles() -> OptionKey {
        var spec = spec
        spec.completesFiles = true
        return OptionKey(spec: spec, body: body)
    }

    /// The value in `invocation`: what `Invocation`'s subscript reads.
    func read(_ invocation: Invocation) throws(Failure) -> Value {
        try body(invocation)
    }
}

extension OptionKey {
    /// `--name <value>`, which may be left out (nil then); the last one given wins.
    public init<Wrapped>(
        _ name: String, short: Character? = nil, _ valueName: String, _ help: String, choices: [String] = [],
        as reader: ValueReader<Wrapped, Failure>
    ) where Value == Wrapped? {
        let spec = OptionSpec.value(name, short: short, valueName, help, choices: choices)
        self.init(spec: spec) { invocation throws(Failure) in
            guard let text = invocation.values[name]?.last else { return nil }
            return try reader.read(text, option: spec.longName)
        }
    }

    /// `--name <value>`, which the parser requires; the last one given wins.
    public init(
        required name: String, short: Character? = nil, _ valueName: String, _ help: String, choices: [String] = [],
        as reader: ValueReader<Value, UsageError>
    ) where Failure == UsageError {
        let spec = OptionSpec.value(name, short: short, valueName, help, required: true, choices: choices)
        self.init(spec: spec) { invocation throws(UsageError) in
            // The parser refuses a line without it; this is the same refusal for an invocation
            // made otherwise.
            guard let text = invocation.values[name]?.last else {
                throw UsageError(message: "Missing expected argument '\(spec.synopsis)'", commandPath: invocation.path)
            }
            return try reader.read(text, option: spec.longName)
        }
    }

    /// `--name <value>` as plain text, which the parser requires.
    public init(
        required name: String, short: Character? = nil, _ valueName: String, _ help: String, choices: [String] = [],
        as reader: ValueReader<Value, Never>
    ) where Failure == UsageError {
        // Wrapped in a closure: converting the non-throwing reader's function to a throwing one
        // directly crashes the 6.3 compiler.
        let widened = ValueReader<Value, UsageError> { text, option in reader.read(text, option: option) }
        self.init(required: name, short: short, valueName, help, choices: choices, as: widened)
    }

    /// `--name <value> ...`: every value given, in order; none is an empty list.
    public init<Element>(
        repeating name: String, short: Character? = nil, _ valueName: String, _ help: String,
        as reader: ValueReader<Element, Failure>
    ) where Value == [Element] {
        let spec = OptionSpec.repeating(name, short: short, valueName, help)
        self.init(spec: spec) { invocation throws(Failure) in
            var values: [Element] = []
            for text in invocation.values[name] ?? [] { values.append(try reader.read(text, option: spec.longName)) }
            return values
        }
    }

    /// `--name`: true when given.
    public init(flag name: String, short: Character? = nil, _ help: String) where Value == Bool, Failure == Never {
        self.init(spec: .flag(name, short: short, help)) { invocation in invocation.flags.contains(name) }
    }
}
