import SLPCommandLine
import SLPDomain
import SLPFuzzSupport

/// The invariants of the argument parser, whatever `argv` holds, on a table of its own that
/// has every shape the parser knows: nested groups, a group that runs itself, required and
/// optional options with values of each syntax, flags, repeated and short options, optional
/// and repeating positionals, global options (one with a short name, one repeating), and a
/// command option that a global one shadows.
///
/// - parsing never traps, and gives the same outcome twice;
/// - a refusal is a `usage` error with a non-empty one-line message of bounded length (typed
///   tokens are quoted cut short), naming a command of the table if any, rendered as one
///   `Error:` line plus the two usage lines;
/// - an accepted line names a command of the table, holds only that command's options and
///   the global ones, each of its kind, its required options and a fitting number of
///   arguments, and only text taken from `argv`, with arguments in their order; written out
///   again canonically (`--name=value`, `--` before the arguments) it parses to the same;
/// - option values of each syntax (integer, decimal, date, toggle) are accepted or refused
///   with one line, and what they accept reads back the same;
/// - help for every command of the table, and for the one parsed, renders.
enum ArgumentChecks {
    /// Options valid anywhere.
    static let globals: [OptionSpec] = [
        .value("db", "path", "Database file."),
        .value("as", short: "u", "user", "Act as this user."),
        .flag("json", "One JSON document on stdout."),
        .repeating("define", short: "D", "key=value", "Set a variable; may be repeated."),
    ]

    static let root = CommandSpec(
        name: "tool",
        abstract: "A table with every shape the parser knows.",
        discussion: "Only for fuzzing: none of these commands runs.",
        subcommands: [
            CommandSpec(
                name: "add",
                abstract: "A leaf with options of every kind.",
                options: [
                    .value("name", "text", "Required text.", required: true),
                    .value("count", short: "n", "n", "A whole number."),
                    .value("ratio", "x", "A decimal number."),
                    .value("day", "yyyy-mm-dd", "A date."),
                    .value("enabled", "on|off", "A toggle.", choices: ["on", "off"]),
                    .repeating("tag", "tag", "Repeatable."),
                    .flag("force", short: "f", "A flag with a short name."),
                    .flag("dry-run", "A flag."),
                ],
                arguments: [
                    ArgumentSpec(name: "item", help: "Required."),
                    ArgumentSpec(name: "more", help: "Any number more.", isOptional: true, isRepeating: true),
                ],
                examples: ["tool add --name n item", "tool add --name=n -n -3 --tag a --tag b item x y"]),
            CommandSpec(
                name: "user",
                abstract: "A group with a nested group.",
                subcommands: [
                    CommandSpec(name: "show", abstract: "An optional argument.", arguments: [ArgumentSpec(name: "uid", help: "Someone.", isOptional: true)]),
                    CommandSpec(
                        name: "update",
                        abstract: "Options only.",
                        options: [
                            .repeating("study", "text", "Repeatable."),
                            .value("age-min", "n", "A whole number."),
                            .value("age-max", "n", "A whole number."),
                            .value("searchable", "on|off", "A toggle."),
                        ]),
                    CommandSpec(
                        name: "admin",
                        abstract: "A nested group.",
                        subcommands: [
                            CommandSpec(
                                name: "grant",
                                abstract: "Two required arguments.",
                                options: [.flag("yes", short: "y", "Do not ask.")],
                                arguments: [ArgumentSpec(name: "uid", help: "Someone."), ArgumentSpec(name: "role", help: "A role.")]),
                        ]),
                ]),
            CommandSpec(
                name: "queue",
                abstract: "A group that runs itself.",
                options: [
                    .value("lat", "degrees", "A decimal number.", required: true),
                    .value("long", "degrees", "A decimal number.", required: true),
                    .repeating("study", "text", "Repeatable."),
                ],
                subcommands: [
                    CommandSpec(name: "stop", abstract: "A leaf under a runnable group."),
                    CommandSpec(name: "status", abstract: "Another."),
                ],
                runsItself: true),
            CommandSpec(
                name: "send", abstract: "Words.",
                arguments: [ArgumentSpec(name: "text", help: "Words.", isOptional: true, isRepeating: true)]),
            CommandSpec(
                name: "shadow", abstract: "Options that global ones shadow.",
                options: [.value("db", "other", "Shadowed by the global --db."), .value("json", "text", "Shadowed by --json.")]),
            CommandSpec(name: "empty", abstract: "Nothing at all."),
            CommandSpec(
                name: "help", abstract: "Help.",
                options: [.flag("man", "A man page.")],
                arguments: [ArgumentSpec(name: "subcommand", help: "A command.", isOptional: true, isRepeating: true)]),
        ])

    static let parser = ArgumentParser(root: root, globalOptions: globals)
    static let help = HelpFormatter(for: parser)

    enum Syntax { case integer, decimal, date, toggle }

    /// The syntax of each option value, by option name.
    static let syntaxes: [String: Syntax] = [
        "count": .integer, "age-min": .integer, "age-max": .integer, "ratio": .decimal, "lat": .decimal, "long": .decimal,
        "day": .date, "enabled": .toggle, "searchable": .toggle,
    ]

    /// Words a byte of a structured input stands for: the table's words and the odd ones.
    static let vocabulary: [String] = {
        var words: Set<String> = []
        func walk(_ command: CommandSpec) {
            words.insert(command.name)
            for option in command.options {
                words.insert(option.longName)
                words.insert(option.longName + "=")
                if let short = option.short { words.insert("-\(short)") }
            }
            command.subcommands.forEach(walk)
        }
        walk(root)
        for option in globals + [ArgumentParser.help, ArgumentParser.version] {
            words.insert(option.longName)
            words.insert(option.longName + "=")
            if let short = option.short { words.insert("-\(short)") }
        }
        words.formUnion([
            "", " ", "-", "--", "---", "--=", "=", "-h=x", "-hh", "-x", "--x", "-5", "-3.5", "-.5", "-1e3", "-nan", "-inf",
            "-0x1p3", "1e400", "nan", "0x10", "+7", "007", "9223372036854775808", "2024-02-29", "2026-02-29", "0000-01-01",
            "on", "off", "TRUE", "No", "١٢", "１８", "e\u{301}", "-\u{301}", "-é", "--é", "\n", "\r\n", "\t", "\u{85}",
            "\u{2028}", "\u{2029}", "\u{202E}", "\u{FEFF}", "\u{0}", "ｕｓｅｒ",
        ])
        return words.sorted()
    }()

    /// Help for every command renders, once.
    static let everyHelpRenders: Void = {
        func walk(_ command: CommandSpec, _ path: [String]) {
            checkHelp(path, command)
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(root, [])
    }()

    static func run(_ input: FuzzInput) {
        _ = everyHelpRenders
        let argv = arguments(input)
        let first = outcome(argv), second = outcome(argv)
        require(first == second, "\(argv.debugDescription) parsed twice: \(first) then \(second)")
        switch first {
        case .success(let invocation): accepted(invocation, argv)
        case .failure(let error): refused(error, argv)
        }
    }

    /// Even selector: the payload cut at NUL bytes, as `argv`. Odd: the same, but a one-byte
    /// piece is a word of the vocabulary, and a piece `\u{1}` B REST is word B then REST.
    static func arguments(_ input: FuzzInput) -> [String] {
        guard input.selector & 1 == 1 else { return input.texts }
        return input.payload.split(separator: 0, omittingEmptySubsequences: false).map { piece in
            let bytes = Array(piece)
            if bytes.count == 1 { return vocabulary[Int(bytes[0]) % vocabulary.count] }
            if bytes.count >= 2, bytes[0] == 1 {
                return vocabulary[Int(bytes[1]) % vocabulary.count] + String(decoding: bytes.dropFirst(2), as: UTF8.self)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func outcome(_ argv: [String]) -> Result<Invocation, UsageError> {
        do {
            return .success(try parser.parse(argv))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Refused

    private static func refused(_ error: UsageError, _ argv: [String]) {
        let shown = argv.debugDescription
        require(error.code == "usage", "\(shown) refused with code \(error.code)")
        require(!error.message.isEmpty, "\(shown) refused without a message")
        require(isOneLine(error.message), "\(shown) refused with a message that is not one line: \(error.message.debugDescription)")
        // Fixed words, table names and at most 41 characters (161 scalars) of a typed token.
        require(error.message.count <= 160 && error.message.unicodeScalars.count <= 300, "\(shown) refused with a message of \(error.message.unicodeScalars.count) scalars")
        if let path = error.commandPath {
            require(parser.command(at: path) != nil, "\(shown) refused naming \(path), which is not a command")
        }
        let lines = help.usageError(error).split(separator: "\n", omittingEmptySubsequences: false)
        require(lines.first.map(String.init) == "Error: \(error.message)", "\(shown) renders \(lines.first.debugDescription)")
        require(lines.last == "" && lines.count == (error.commandPath == nil ? 2 : 4), "\(shown) renders \(lines.count - 1) lines: \(lines)")
        require(lines.allSatisfy { isOneLine(String($0)) }, "\(shown) renders a control character: \(lines)")
    }

    // MARK: Accepted

    private static func accepted(_ invocation: Invocation, _ argv: [String]) {
        let shown = argv.debugDescription
        guard let command = parser.command(at: invocation.path) else {
            return require(false, "\(shown) parsed to \(invocation.path), which is not a command")
        }
        // Options: the command's own and the global ones, each of its kind.
        for (name, values) in invocation.values {
            guard let option = option(named: name, in: command) else {
                return require(false, "\(shown) parsed a value for --\(name), which \(invocation.path) does not have")
            }
            require(option.takesValue && !values.isEmpty, "\(shown) parsed \(values) for \(option.synopsis)")
        }
        for name in invocation.flags {
            let option = option(named: name, in: command)
            require(option?.kind == .flag && option != ArgumentParser.help && option != ArgumentParser.version, "\(shown) parsed flag --\(name)")
        }
        // Only text from argv, byte for byte, arguments in their order.
        var texts = Set(argv.map { Array($0.utf8) })
        for token in argv {
            if let equals = token.utf8.firstIndex(of: UInt8(ascii: "=")) { texts.insert(Array(token.utf8[token.utf8.index(after: equals)...])) }
        }
        for value in invocation.values.values.joined() {
            require(texts.contains(Array(value.utf8)), "\(shown) parsed a value \(value.debugDescription) not in argv")
        }
        var rest = argv[...]
        for argument in invocation.arguments {
            guard let at = rest.firstIndex(where: { bytes($0, argument) }) else {
                return require(false, "\(shown) parsed arguments \(invocation.arguments) out of argv's order")
            }
            rest = rest[(at + 1)...]
        }
        if !invocation.help && !invocation.version {
            if command.isRunnable {
                for option in command.options where option.isRequired {
                    require(invocation.values[option.name] != nil, "\(shown) parsed without the required \(option.synopsis)")
                }
                let least = command.arguments.filter { !$0.isOptional }.count
                let most = command.arguments.contains(where: \.isRepeating) ? Int.max : command.arguments.count
                require((least...most).contains(invocation.arguments.count), "\(shown) parsed \(invocation.arguments.count) arguments for \(invocation.path)")
            } else {
                require(invocation.arguments.isEmpty, "\(shown) parsed arguments for the group \(invocation.path)")
            }
        }
        // Written out again, the same.
        let canonical = canonicalArguments(invocation)
        let again = outcome(canonical)
        require(again == .success(invocation), "\(shown) parsed to \(invocation), but its canonical form \(canonical.debugDescription) to \(again)")
        for (name, values) in invocation.values {
            guard let syntax = syntaxes[name] else { continue }
            for value in values { check(syntax, value, option: "--\(name)") }
        }
        checkHelp(invocation.path, command)
    }

    /// Byte equality: `String ==` treats canonically equivalent texts as equal.
    private static func bytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    private static func option(named name: String, in command: CommandSpec) -> OptionSpec? {
        ([ArgumentParser.help, ArgumentParser.version] + globals).first { $0.name == name } ?? command.option(named: name)
    }

    /// Command words, `--name=value` for each value, `--flag`, then `--` and the arguments.
    private static func canonicalArguments(_ invocation: Invocation) -> [String] {
        var words = invocation.path
        for (name, values) in invocation.values.sorted(by: { $0.key < $1.key }) {
            words += values.map { "--\(name)=\($0)" }
        }
        words += invocation.flags.sorted().map { "--\($0)" }
        if invocation.help { words.append("--help") }
        if invocation.version { words.append("--version") }
        if !invocation.arguments.isEmpty { words += ["--"] + invocation.arguments }
        return words
    }

    // MARK: Value syntax

    private static func check(_ syntax: Syntax, _ text: String, option: String) {
        switch syntax {
        case .integer:
            guard let value = valueOutcome(text, option, ValueSyntax.integer) else { return }
            require(valueOutcome(String(value), option, ValueSyntax.integer) == value, "\(option) \(text.debugDescription) reads back as another integer")
        case .decimal:
            guard let value = valueOutcome(text, option, ValueSyntax.decimal) else { return }
            require(value.isFinite, "\(option) \(text.debugDescription) is \(value)")
            require(valueOutcome("\(value)", option, ValueSyntax.decimal) == value, "\(option) \(text.debugDescription) is \(value), which reads back otherwise")
        case .date:
            guard let value = valueOutcome(text, option, ValueSyntax.date) else { return }
            require(valueOutcome(value.description, option, ValueSyntax.date) == value, "\(option) \(text.debugDescription) is \(value), which reads back otherwise")
        case .toggle:
            guard let value = valueOutcome(text, option, ValueSyntax.toggle) else { return }
            require(valueOutcome(value ? "on" : "off", option, ValueSyntax.toggle) == value, "\(option) \(text.debugDescription) toggles back otherwise")
        }
    }

    /// The value twice alike, or nil after checking the refusal is a proper one-line error.
    private static func valueOutcome<T: Equatable>(
        _ text: String, _ option: String, _ parse: (String, String) throws(UsageError) -> T
    ) -> T? {
        let first = Result { () throws(UsageError) in try parse(text, option) }
        let second = Result { () throws(UsageError) in try parse(text, option) }
        require(first == second, "\(option) \(text.debugDescription) parsed twice: \(first) then \(second)")
        switch first {
        case .success(let value):
            return value
        case .failure(let error):
            require(error.code == "invalid_value" && error.commandPath == nil, "\(option) \(text.debugDescription) refused as \(error)")
            require(error.message.hasPrefix("\(option): ") && isOneLine(error.message), "\(option) \(text.debugDescription) refused with \(error.message.debugDescription)")
            require(error.message.count <= 120 && error.message.unicodeScalars.count <= 300, "\(option) \(text.debugDescription) refused with \(error.message.unicodeScalars.count) scalars")
            return nil
        }
    }

    // MARK: Help

    private static func checkHelp(_ path: [String], _ command: CommandSpec) {
        let text = help.help(for: path, command: command)
        require(text.hasPrefix("OVERVIEW: \(command.abstract)\n") && text.hasSuffix("\n"), "help for \(path) is \(text.debugDescription)")
        require(text.contains("\nUSAGE: \(help.usage(for: path, command: command))"), "help for \(path) lacks its usage line")
        require(!help.usage(for: path, command: command).contains("\n"), "usage of \(path) is more than one line")
    }
}
