import SLPCommandLine

/// The `slp(1)` man page in roff, generated from the command table (`slp help --man`).
struct ManPage {
    let root: CommandSpec
    let version: String
    let date: String

    func render() -> String {
        var page = [
            ".TH SLP 1 \"\(date)\" \"slp \(version)\" \"User Commands\"",
            ".SH NAME",
            "slp \\- \(escape(root.abstract))",
            ".SH SYNOPSIS",
            ".B slp",
            "[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
            ".SH DESCRIPTION",
            escape(root.discussion),
            ".SH GLOBAL OPTIONS",
            "Global options may stand before or after the command words.",
        ]
        for option in GlobalOptions.all { page += item(option) }
        page.append(".SH COMMANDS")
        func walk(_ command: CommandSpec, _ path: [String]) {
            if command.isRunnable && !path.isEmpty {
                let help = HelpFormatter(root: root, globalOptions: GlobalOptions.specs)
                page.append(".SS \"\(escape(help.usage(for: path, command: command)))\"")
                page.append(escape(command.abstract))
                if !command.discussion.isEmpty { page += [".PP", escape(command.discussion)] }
                for argument in command.arguments {
                    page += [".TP", "\\fI<\(escape(argument.name))>\\fR", escape(argument.help)]
                }
                for option in command.options { page += item(option) }
                for example in command.examples { page += [".PP", ".nf", escape(example), ".fi"] }
            }
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(root, [])
        page.append(".SH EXIT STATUS")
        for code in ExitCode.allCases { page += [".TP", "\\fB\(code.rawValue)\\fR", escape(code.meaning)] }
        page += [
            ".SH ENVIRONMENT",
            ".TP", "\\fBSLP_DB\\fR", "Database file, or postgresql:// URI, when \\-\\-db is not given.",
            ".TP", "\\fBSLP_USER\\fR", "Acting user when \\-\\-as is not given.",
            ".TP", "\\fBSLP_NOW\\fR", "An ISO 8601 time that replaces the wall clock.",
            ".TP", "\\fBXDG_DATA_HOME\\fR", "Base of the default database location.",
            ".TP", "\\fBNO_COLOR\\fR", "No colour, even on a terminal.",
            ".SH FILES",
            ".TP", "\\fI~/.local/share/slp/slp.sqlite\\fR",
            "The database, unless \\-\\-db, SLP_DB or XDG_DATA_HOME say otherwise. Created 0600 in a 0700 directory.",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    private func item(_ option: OptionSpec) -> [String] {
        var label = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\(escape(option.longName))\\fR"
        switch option.kind {
        case .flag: break
        case .value(let name), .repeating(let name): label += " \\fI<\(escape(name))>\\fR"
        }
        return [".TP", label, escape(option.help)]
    }

    /// Backslashes doubled, hyphens made literal, a leading dot or quote kept from being a request.
    private func escape(_ text: String) -> String {
        var escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
