/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
struct HelpFormatter {
    let root: CommandSpec

    /// Width of the label column, as in swift-argument-parser.
    private static let labelWidth = 26
    private static let lineWidth = 80

    func help(for path: [String], command: CommandSpec) -> String {
        var sections: [String] = []
        var overview = "OVERVIEW: \(command.abstract)"
        if !command.discussion.isEmpty {
            overview += "\n\n" + wrap(command.discussion, width: HelpFormatter.lineWidth).joined(separator: "\n")
        }
        sections.append(overview)
        var usageText = "USAGE: \(usage(for: path, command: command))"
        if command.isGroup && command.runsItself {
            usageText += "\n       \((["slp"] + path).joined(separator: " ")) <subcommand>"
        }
        sections.append(usageText)
        if !command.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + command.arguments.map { row("<\($0.name)>", $0.help) }.joined(separator: "\n"))
        }
        var options = command.options
        if path.isEmpty { options.append(GlobalOptions.version) }
        options.append(GlobalOptions.help)
        sections.append("OPTIONS:\n" + options.map { row($0.label, $0.help) }.joined(separator: "\n"))
        if command.isRunnable || path.isEmpty {
            sections.append("GLOBAL OPTIONS:\n" + GlobalOptions.specs.map { row($0.label, $0.help) }.joined(separator: "\n"))
        }
        if !command.examples.isEmpty {
            sections.append("EXAMPLES:\n" + command.examples.map { "  " + $0 }.joined(separator: "\n"))
        }
        if command.isGroup {
            let rows = command.subcommands.map { row($0.name, $0.abstract) }.joined(separator: "\n")
            let name = (["slp", "help"] + path).joined(separator: " ")
            sections.append("SUBCOMMANDS:\n\(rows)\n\n  See '\(name) <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `slp register --phone <phone> … [--json]`, or `slp user <subcommand>` for a group.
    func usage(for path: [String], command: CommandSpec) -> String {
        let name = (["slp"] + path).joined(separator: " ")
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

    /// The three lines under a usage error.
    func usageError(_ error: UsageError) -> String {
        var lines = ["Error: \(error.message)"]
        if let path = error.commandPath, let command = ArgumentParser(root: root).command(at: path) {
            lines.append("Usage: \(usage(for: path, command: command))")
            lines.append("  See '\((["slp"] + path).joined(separator: " ")) --help' for more information.")
        }
        return lines.joined(separator: "\n") + "\n"
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
