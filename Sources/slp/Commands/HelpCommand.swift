import SLPCommandLine

/// `slp help [<subcommand> ...]` and the `exit-codes` topic.
enum HelpCommand: Command {
    static let man = OptionKey(flag: "man", "Print the whole manual as a man page (slp help --man | man -l -).")

    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command, or a topic: exit-codes.",
        options: [man.spec],
        arguments: [ArgumentSpec(name: "subcommand", help: "A command, e.g. 'user update', or 'exit-codes'.", isOptional: true, isRepeating: true)])

    static func run(_ context: CommandContext) async -> Output {
        let words = context.invocation.arguments
        if context[Self.man] {
            let date = Timestamp.format((try? context.clock().now) ?? .now).prefix(10)
            return .success(ManPage(root: context.help.root, version: CommandTable.version, date: String(date)).render())
        }
        if words == ["exit-codes"] { return .success(exitCodes) }
        var command = context.help.root
        for (index, word) in words.enumerated() {
            guard let sub = command.subcommand(named: word) else {
                var message = "Unknown subcommand '\(ValueSyntax.printable(word))'"
                let known = command.subcommands.map(\.name) + (index == 0 ? ["exit-codes"] : [])
                if let suggestion = Suggestion.closest(to: word, among: known) { message += ". Did you mean '\(suggestion)'?" }
                return context.fail(UsageError(message: message, commandPath: ["help"]))
            }
            command = sub
        }
        return .success(context.help.help(for: words, command: command))
    }

    static var exitCodes: String {
        "EXIT CODES:\n" + ExitCode.allCases.map { code in
            let number = String(code.rawValue)
            return "  " + number + String(repeating: " ", count: 4 - number.count) + code.meaning
        }.joined(separator: "\n") + "\n"
    }
}
