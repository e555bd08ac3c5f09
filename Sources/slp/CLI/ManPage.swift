import SLPCommandLine

/// The `slp(1)` man page in roff, generated from the command table (`slp help --man`), or the
/// section of one command (`slp help --man user update`) or topic (`exit-codes`).
struct ManPage {
    let root: CommandSpec
    let version: String
    let date: String

    /// The whole manual.
    func render() -> String {
        var page = header("SLP")
        page += [
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
        page += commands(root, at: [])
        page += exitStatus()
        page += [
            ".SH DIAGNOSTICS",
            escape("Errors are one line on standard error, Error: <message>, naming the option or what is missing "
                + "(--lat: must be a number from -90 to 90; no user with uid X). A command line slp cannot read adds two lines: "
                + "the command's usage, and where its --help is. With --json the error object "
                + #"{"error":{"code":…,"status":…,"message":…}} follows; --json is refused (64) by help, demo, completion and serve."#),
            ".SH ENVIRONMENT",
            ".TP", "\\fBSLP_DB\\fR", "Database file, or postgresql:// URI, when \\-\\-db is not given.",
            ".TP", "\\fBSLP_USER\\fR", "Acting user when \\-\\-as is not given.",
            ".TP", "\\fBSLP_NOW\\fR", "An ISO 8601 time that replaces the wall clock.",
            ".TP", "\\fBXDG_DATA_HOME\\fR", "Base of the default database location.",
            ".TP", "\\fBPAGER\\fR", "The pager for output longer than the terminal (default: less \\-FRX); \\-\\-no\\-pager skips it.",
            ".TP", "\\fBNO_COLOR\\fR", "No colour, even on a terminal, when set to anything but the empty string.",
            ".SH FILES",
            ".TP", "\\fI~/.local/share/slp/slp.sqlite\\fR",
            "The database, unless \\-\\-db, SLP_DB or XDG_DATA_HOME say otherwise. Created 0600 in a 0700 directory by the first "
                + "command that writes (register, seed); a path given with \\-\\-db or SLP_DB must be in a directory that exists.",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// Only the part about the command at `path` (and the commands under it), or the topic
    /// `exit-codes`; nil when `path` names neither.
    func render(_ path: [String]) -> String? {
        if path == ["exit-codes"] { return (header("SLP-EXIT-CODES") + exitStatus()).joined(separator: "\n") + "\n" }
        guard let command = root.descendant(at: path) else { return nil }
        let name = (["slp"] + path).joined(separator: " ")
        var page = header((["SLP"] + path.map { $0.uppercased() }).joined(separator: "-"))
        page += [".SH NAME", "\(escape(name)) \\- \(escape(command.abstract))"]
        if !command.discussion.isEmpty { page += [".SH DESCRIPTION", escape(command.discussion)] }
        page += [".SH COMMANDS"] + commands(command, at: path)
        page += [".SH SEE ALSO", "\\fBslp\\fR(1): global options, environment, files, exit status (\\fBslp help \\-\\-man\\fR)."]
        return page.joined(separator: "\n") + "\n"
    }

    private func header(_ title: String) -> [String] {
        [".TH \(title) 1 \"\(date)\" \"slp \(version)\" \"User Commands\""]
    }

    /// The runnable commands at and under `command`, each with its usage, options and examples.
    private func commands(_ command: CommandSpec, at path: [String]) -> [String] {
        var page: [String] = []
        let help = HelpFormatter(root: root, globalOptions: GlobalOptions.specs)
        func walk(_ command: CommandSpec, _ path: [String]) {
            if command.isRunnable && !path.isEmpty {
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
        walk(command, path)
        return page
    }

    private func exitStatus() -> [String] {
        var page = [".SH EXIT STATUS"]
        for code in ExitCode.allCases { page += [".TP", "\\fB\(code.rawValue)\\fR", escape(code.meaning)] }
        return page
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
