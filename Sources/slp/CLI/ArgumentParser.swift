/// Turns `argv` into an `Invocation` following the command table, in the manner of
/// swift-argument-parser: `--name value`, `--name=value`, `--` ends options, negative numbers
/// are values, global options anywhere, "did you mean" for near misses.
struct ArgumentParser {
    let root: CommandSpec

    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation(path: [])
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
            if !token.hasPrefix("--") {
                // The only short option is -h.
                guard token == "-h" else { throw unknownOption(token, in: command, path: invocation.path) }
                invocation.global.help = true
                continue
            }
            let (name, inline) = splitOption(token)
            switch name {
            case "help", "version":
                guard inline == nil else {
                    throw UsageError(message: "Flag '--\(name)' does not take a value", commandPath: invocation.path)
                }
                if name == "help" { invocation.global.help = true } else { invocation.global.version = true }
                continue
            default:
                break
            }
            if let global = GlobalOptions.specs.first(where: { $0.name == name }) {
                switch global.name {
                case "json":
                    guard inline == nil else {
                        throw UsageError(message: "Flag '--json' does not take a value", commandPath: invocation.path)
                    }
                    invocation.global.json = true
                case "db": invocation.global.database = try takeValue(for: global, inline: inline)
                default: invocation.global.actingUser = try takeValue(for: global, inline: inline)
                }
                continue
            }
            guard let option = command.option(named: name) else {
                throw unknownOption(token, in: command, path: invocation.path)
            }
            descendAllowed = false
            switch option.kind {
            case .flag:
                guard inline == nil else {
                    throw UsageError(message: "Flag '\(option.longName)' does not take a value", commandPath: invocation.path)
                }
                invocation.flags.insert(option.name)
            case .value, .repeating:
                invocation.values[option.name, default: []].append(try takeValue(for: option, inline: inline))
            }
        }

        if invocation.global.help || invocation.global.version { return invocation }
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
    func command(at path: [String]) -> CommandSpec? {
        var command = root
        for word in path {
            guard let sub = command.subcommand(named: word) else { return nil }
            command = sub
        }
        return command
    }

    /// An option-looking token; a negative number such as `-33.87` is a value instead.
    private func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        return token.hasPrefix("--") || Double(token) == nil
    }

    /// True when `token` would be read as an option of `command` (so it cannot be a value).
    private func isOptionName(_ token: String, in command: CommandSpec) -> Bool {
        guard looksLikeOption(token) else { return false }
        if token == "--" || token == "-h" { return true }
        guard token.hasPrefix("--") else { return false }
        let (name, _) = splitOption(token)
        return ["help", "version"].contains(name) || GlobalOptions.specs.contains { $0.name == name }
            || command.option(named: name) != nil
    }

    /// `--name=value` into its parts; `--name` has no inline value.
    private func splitOption(_ token: String) -> (name: String, inline: String?) {
        let body = token.drop { $0 == "-" }
        if let equals = body.firstIndex(of: "=") {
            return (String(body[..<equals]), String(body[body.index(after: equals)...]))
        }
        return (String(body), nil)
    }

    private func unknownOption(_ token: String, in command: CommandSpec, path: [String]) -> UsageError {
        let known = (command.options + GlobalOptions.specs + [GlobalOptions.help, GlobalOptions.version]).map(\.longName)
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
