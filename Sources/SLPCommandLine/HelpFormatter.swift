/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, GLOBAL
/// OPTIONS, EXAMPLES, SUBCOMMANDS. The root command's name is the program's.
public struct HelpFormatter: Sendable {
    public let root: CommandSpec
    public let globalOptions: [OptionSpec]

    /// Width of the label column, as in swift-argument-parser.
    private static let labelWidth = 26
    private static let lineWidth = 80

    public init(root: CommandSpec, globalOptions: [OptionSpec]) {
        self.root = root
        self.globalOptions = globalOptions
    }

    /// Help for the command line `parser` reads.
    public init(for parser: ArgumentParser) {
        self.init(root: parser.root, globalOptions: parser.globalOptions)
    }

    public func help(for path: [String], command: CommandSpec) -> String {
        var sections: [String] = []
        var overview = "OVERVIEW: \(command.abstract)"
        if !command.discussion.isEmpty {
            overview += "\n\n" + wrap(command.discussion, width: HelpFormatter.lineWidth).joined(separator: "\n")
        }
        sections.append(overview)
        var usageText = "USAGE: \(usage(for: path, command: command))"
        if command.isGroup && command.runsItself {
            usageText += "\n       \(commandName(path)) <subcommand>"
        }
        sections.append(usageText)
        if !command.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + command.arguments.map { row("<\($0.name)>", $0.help) }.joined(separator: "\n"))
        }
        var options = command.options
        if path.isEmpty { options.append(ArgumentParser.version) }
        options.append(ArgumentParser.help)
        sections.append("OPTIONS:\n" + options.map { row($0.label, $0.help) }.joined(separator: "\n"))
        if (command.isRunnable || path.isEmpty) && !globalOptions.isEmpty {
            sections.append("GLOBAL OPTIONS:\n" + globalOptions.map { row($0.label, $0.help) }.joined(separator: "\n"))
        }
        if !command.examples.isEmpty {
            sections.append("EXAMPLES:\n" + command.examples.map { "  " + $0 }.joined(separator: "\n"))
        }
        if command.isGroup {
            let rows = command.subcommands.map { row($0.name, $0.abstract) }.joined(separator: "\n")
            let name = ([root.name, "help"] + path).joined(separator: " ")
            sections.append("SUBCOMMANDS:\n\(rows)\n\n  See '\(name) <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `slp register --phone <phone> … [--json]`, or `slp user <subcommand>` for a group.
    public func usage(for path: [String], command: CommandSpec) -> String {
        let name = commandName(path)
        if !command.isRunnable { return "\(name) <subcommand>" }
        var parts = [name]
        for option in command.options {
            switch option.kind {
            case .repeating: parts.append("[\(option.synopsis) ...]")
            default: parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
            }
        }
        parts += command.arguments.map(\.synopsis)
        return parts.joined(separator: " ")
    }

    /// The three lines of a usage error: `Error:`, then the usage line and where to find help
    /// when the error names a command.
    public func usageError(_ error: UsageError) -> String {
        var lines = ["Error: \(error.message)"]
        if let path = error.commandPath, let command = root.descendant(at: path) {
            lines.append("Usage: \(usage(for: path, command: command))")
            lines.append("  See '\(commandName(path)) --help' for more information.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `slp user update`: the program's name and the command words.
    public func commandName(_ path: [String]) -> String {
        ([root.name] + path).joined(separator: " ")
    }

    /// `  label                   help`, help wrapped and aligned after the label column.
    private func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: HelpFormatter.labelWidth)
        let lines = wrap(help, width: HelpFormatter.lineWidth - HelpFormatter.labelWidth)
        let head = "  " + label
        var result: String
        if head.count < HelpFormatter.labelWidth {
            result = head + String(repeating: " ", count: HelpFormatter.labelWidth - head.count) + (lines.first ?? "")
        } else {
            result = head + "\n" + indent + (lines.first ?? "")
        }
        for line in lines.dropFirst() { result += "\n" + indent + line }
        return result
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
