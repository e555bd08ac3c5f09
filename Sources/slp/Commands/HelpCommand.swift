import SLPCommandLine

/// `slp help [<subcommand> ...]` and the `exit-codes` topic.
enum HelpCommand: Command {
    static let man = OptionKey(
        flag: "man", "Print the manual as a man page (slp help --man | man -l -); with a command, only its part.")

    static let printsJSON = false

    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command, or a topic: exit-codes.",
        options: [man.spec],
        arguments: [ArgumentSpec(name: "subcommand", help: "A command, e.g. 'user update', or 'exit-codes'.", isOptional: true, isRepeating: true)])

    static func run(_ context: CommandContext) async -> Output {
        let words = context.invocation.arguments
        if context[Self.man] {
            let date = Timestamp.format((try? context.clock().now) ?? .now).prefix(10)
            let page = ManPage(root: context.help.root, version: CommandTable.version, date: String(date))
            guard !words.isEmpty else { return context.paged(.success(page.render())) }
            if let section = page.render(words) { return context.paged(.success(section)) }
            return context.fail(unknown(words))
        }
        if words == ["exit-codes"] { return context.paged(.success(exitCodes)) }
        var command = context.help.root
        for word in words {
            guard let sub = command.subcommand(named: word) else { return context.fail(unknown(words)) }
            command = sub
        }
        return context.paged(.success(context.help.help(for: words, command: command)))
    }

    /// The first of `words` that names no command (or topic), with the nearest that does.
    private static func unknown(_ words: [String]) -> UsageError {
        var command = CommandTable.root
        for (index, word) in words.enumerated() {
            guard let sub = command.subcommand(named: word) else {
                var message = "Unknown subcommand '\(ValueSyntax.printable(word))'"
                let known = command.subcommands.map(\.name) + (index == 0 ? topics : [])
                if let suggestion = Suggestion.closest(to: word, among: known) { message += ". Did you mean '\(suggestion)'?" }
                return UsageError(message: message, commandPath: ["help"])
            }
            command = sub
        }
        return UsageError(message: "Unknown subcommand '\(ValueSyntax.printable(words.joined(separator: " ")))'", commandPath: ["help"])
    }

    /// What `help` explains besides the commands.
    static let topics = ["exit-codes"]

    static var exitCodes: String {
        "EXIT CODES:\n" + ExitCode.allCases.map { code in
            let number = String(code.rawValue)
            return "  " + number + String(repeating: " ", count: 4 - number.count) + code.meaning
        }.joined(separator: "\n") + "\n"
    }
}
