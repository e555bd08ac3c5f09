/// Turns `argv` into an `Invocation` following a command table, in the manner of
/// swift-argument-parser: `--name value`, `--name=value`, `-x` for an option with a one-letter
/// alias, `--` ends options, negative numbers are values, global options anywhere, `-h`/`--help`
/// and `--version` anywhere, "did you mean" for near misses.
///
/// Every `UsageError` it throws has a one-line message: tokens are quoted through
/// `ValueSyntax.printable`.
public struct ArgumentParser: Sendable {
    public let root: CommandSpec
    /// Options valid anywhere on the command line, before or after the command words. They
    /// come before a command's own options of the same name.
    public let globalOptions: [OptionSpec]

    /// `-h`, `--help`: valid anywhere.
    public static let help = OptionSpec.flag("help", short: "h", "Show help information.")
    /// `--version`: valid anywhere.
    public static let version = OptionSpec.flag("version", "Show the version.")

    /// The options valid anywhere: help, version, then the global ones.
    private let anywhereOptions: [OptionSpec]

    public init(root: CommandSpec, globalOptions: [OptionSpec] = []) {
        self.root = root
        self.globalOptions = globalOptions
        anywhereOptions = [Self.help, Self.version] + globalOptions
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var command = root
        var index = 0
        var optionsEnded = false
        /// Subcommand words come before the command's own options and arguments.
        var descendAllowed = true

        func takeValue(for option: OptionSpec, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            let next = index + 1
            guard next < arguments.count, !isOptionName(arguments[next], in: command) else {
                throw UsageError(message: "Missing value for '\(option.synopsis)'", commandPath: invocation.path)
            }
            index = next
            return arguments[next]
        }

        while index < arguments.count {
            let token = arguments[index]
            defer { index += 1 }
            if optionsEnded || !looksLikeOption(token) {
                if descendAllowed, command.isGroup, let sub = command.subcommand(named: token), !optionsEnded {
                    command = sub
                    invocation.path.append(token)
                    continue
                }
                if !command.isRunnable {
                    throw unknownSubcommand(token, in: command, path: invocation.path)
                }
                descendAllowed = false
                invocation.arguments.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            guard let (option, inline, isGlobal) = lookUp(token, in: command) else {
                throw unknownOption(token, in: command, path: invocation.path)
            }
            if !isGlobal { descendAllowed = false }
            switch option.kind {
            case .flag:
                guard inline == nil else {
                    throw UsageError(message: "Flag '\(option.longName)' does not take a value", commandPath: invocation.path)
                }
                if option == Self.help {
                    invocation.help = true
                } else if option == Self.version {
                    invocation.version = true
                } else {
                    invocation.flags.insert(option.name)
                }
            case .value, .repeating:
                invocation.values[option.name, default: []].append(try takeValue(for: option, inline: inline))
            }
        }

        if invocation.help || invocation.version { return invocation }
        if !command.isRunnable { return invocation }  // the caller shows the group's help
        for option in command.options where option.isRequired && invocation.values[option.name] == nil {
            throw UsageError(message: "Missing expected argument '\(option.synopsis)'", commandPath: invocation.path)
        }
        let required = command.arguments.filter { !$0.isOptional }
        if invocation.arguments.count < required.count {
            let missing = required[invocation.arguments.count]
            throw UsageError(message: "Missing expected argument '<\(missing.name)>'", commandPath: invocation.path)
        }
        if command.isGroup, let extra = invocation.arguments.first, command.arguments.isEmpty {
            throw unknownSubcommand(extra, in: command, path: invocation.path)
        }
        if !command.arguments.contains(where: \.isRepeating), invocation.arguments.count > command.arguments.count {
            throw UsageError(
                message: "Unexpected argument '\(ValueSyntax.printable(invocation.arguments[command.arguments.count]))'",
                commandPath: invocation.path)
        }
        return invocation
    }

    /// The node at `path`, if every word names a subcommand.
    public func command(at path: [String]) -> CommandSpec? {
        root.descendant(at: path)
    }

    /// The option an option-looking token names (`--name`, `--name=value` or `-x`), its inline
    /// value, and whether it is valid anywhere.
    private func lookUp(_ token: String, in command: CommandSpec) -> (option: OptionSpec, inline: String?, isGlobal: Bool)? {
        if token.hasPrefix("--") {
            let (name, inline) = splitOption(token)
            if let option = anywhereOptions.first(where: { $0.name == name }) { return (option, inline, true) }
            return command.option(named: name).map { ($0, inline, false) }
        }
        // `-x`: one letter, no value attached and no bundling.
        guard token.count == 2, let letter = token.last else { return nil }
        if let option = anywhereOptions.first(where: { $0.short == letter }) { return (option, nil, true) }
        return command.option(short: letter).map { ($0, nil, false) }
    }

    /// An option-looking token; a negative number such as `-33.87` is a value instead.
    private func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        return token.hasPrefix("--") || Double(token) == nil
    }

    /// True when `token` would be read as an option of `command` (so it cannot be a value).
    private func isOptionName(_ token: String, in command: CommandSpec) -> Bool {
        guard looksLikeOption(token) else { return false }
        return token == "--" || lookUp(token, in: command) != nil
    }

    /// `--name=value` into its parts; `--name` has no inline value. Split at the first `=`
    /// scalar, not character: a value may begin with a combining mark, which makes one
    /// character of `=` and itself.
    private func splitOption(_ token: String) -> (name: String, inline: String?) {
        let body = token.dropFirst(2).unicodeScalars
        if let equals = body.firstIndex(of: "=") {
            return (String(body[..<equals]), String(body[body.index(after: equals)...]))
        }
        return (String(body), nil)
    }

    private func unknownOption(_ token: String, in command: CommandSpec, path: [String]) -> UsageError {
        let known = (command.options + globalOptions + [Self.help, Self.version]).map(\.longName)
        let typed = token.hasPrefix("--") ? "--" + splitOption(token).name : token
        var message = "Unknown option '\(ValueSyntax.printable(typed))'"
        if let suggestion = Suggestion.closest(to: typed, among: known) { message += ". Did you mean '\(suggestion)'?" }
        return UsageError(message: message, commandPath: path)
    }

    private func unknownSubcommand(_ token: String, in command: CommandSpec, path: [String]) -> UsageError {
        var message = "Unknown subcommand '\(ValueSyntax.printable(token))'"
        if let suggestion = Suggestion.closest(to: token, among: command.subcommands.map(\.name)) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message, commandPath: path)
    }
}
