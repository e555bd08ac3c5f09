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
/// - every option of the table is a typed key, and an accepted line reads through each key of
///   its command the same twice: nothing for an option left out, else what its last value (or
///   each value, for a repeating one) reads as on its own; a required one is there;
/// - option values of each syntax (integer, decimal, date, toggle) are accepted or refused
///   with one line, and what they accept reads back the same;
/// - help for every command of the table, and for the one parsed, renders.
enum ArgumentChecks {
    // The table's options, declared once as typed keys: the table is built from their specs.
    static let database = OptionKey("db", "path", "Database file.", as: .text)
    static let actingUser = OptionKey("as", short: "u", "user", "Act as this user.", as: .text)
    static let json = OptionKey(flag: "json", "One JSON document on stdout.")
    static let define = OptionKey(repeating: "define", short: "D", "key=value", "Set a variable; may be repeated.", as: .text)
    static let name = OptionKey(required: "name", "text", "Required text.", as: .text)
    static let count = OptionKey("count", short: "n", "n", "A whole number.", as: .integer)
    static let ratio = OptionKey("ratio", "x", "A decimal number.", as: .decimal)
    static let day = OptionKey("day", "yyyy-mm-dd", "A date.", as: .date(CalendarDate.init(year:month:day:)))
    static let enabled = OptionKey("enabled", "on|off", "A toggle.", choices: ["on", "off"], as: .toggle)
    static let tag = OptionKey(repeating: "tag", "tag", "Repeatable.", as: .text)
    static let force = OptionKey(flag: "force", short: "f", "A flag with a short name.")
    static let dryRun = OptionKey(flag: "dry-run", "A flag.")
    static let study = OptionKey(repeating: "study", "text", "Repeatable.", as: .text)
    static let ageMin = OptionKey("age-min", "n", "A whole number.", as: .integer)
    static let ageMax = OptionKey("age-max", "n", "A whole number.", as: .integer)
    static let searchable = OptionKey("searchable", "on|off", "A toggle.", as: .toggle)
    static let yes = OptionKey(flag: "yes", short: "y", "Do not ask.")
    static let latitude = OptionKey(required: "lat", "degrees", "A decimal number.", as: .decimal)
    static let longitude = OptionKey(required: "long", "degrees", "A decimal number.", as: .decimal)
    static let shadowedDatabase = OptionKey("db", "other", "Shadowed by the global --db.", as: .text)
    static let shadowedJSON = OptionKey("json", "text", "Shadowed by --json.", as: .text)
    static let man = OptionKey(flag: "man", "A man page.")

    /// Options valid anywhere.
    static let globals: [OptionSpec] = [database.spec, actingUser.spec, json.spec, define.spec]

    static let root = CommandSpec(
        name: "tool",
        abstract: "A table with every shape the parser knows.",
        discussion: "Only for fuzzing: none of these commands runs.",
        subcommands: [
            CommandSpec(
                name: "add",
                abstract: "A leaf with options of every kind.",
                options: [name.spec, count.spec, ratio.spec, day.spec, enabled.spec, tag.spec, force.spec, dryRun.spec],
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
                        options: [study.spec, ageMin.spec, ageMax.spec, searchable.spec]),
                    CommandSpec(
                        name: "admin",
                        abstract: "A nested group.",
                        subcommands: [
                            CommandSpec(
                                name: "grant",
                                abstract: "Two required arguments.",
                                options: [yes.spec],
                                arguments: [ArgumentSpec(name: "uid", help: "Someone."), ArgumentSpec(name: "role", help: "A role.")]),
                        ]),
                ]),
            CommandSpec(
                name: "queue",
                abstract: "A group that runs itself.",
                options: [latitude.spec, longitude.spec, study.spec],
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
                options: [shadowedDatabase.spec, shadowedJSON.spec]),
            CommandSpec(name: "empty", abstract: "Nothing at all."),
            CommandSpec(
                name: "help", abstract: "Help.",
                options: [man.spec],
                arguments: [ArgumentSpec(name: "subcommand", help: "A command.", isOptional: true, isRepeating: true)]),
        ])

    static let parser = ArgumentParser(root: root, globalOptions: globals)
    static let help = HelpFormatter(for: parser)

    /// How each option of the table reads back through its key, by the key's spec.
    static let reads: [(spec: OptionSpec, check: @Sendable (_ invocation: Invocation, _ shown: String) -> Void)] = [
        (database.spec, { checkText(database, $0, $1) }),
        (actingUser.spec, { checkText(actingUser, $0, $1) }),
        (json.spec, { checkFlag(json, $0, $1) }),
        (define.spec, { checkRepeating(define, $0, $1) }),
        (name.spec, { checkRequired(name, $0, $1, canonical: { $0 }) }),
        (count.spec, { checkOptional(count, $0, $1, canonical: { String($0) }) }),
        (ratio.spec, { checkOptional(ratio, $0, $1, canonical: { "\($0)" }, valid: \.isFinite) }),
        (day.spec, { checkOptional(day, $0, $1, canonical: \.description) }),
        (enabled.spec, { checkOptional(enabled, $0, $1, canonical: { $0 ? "on" : "off" }) }),
        (tag.spec, { checkRepeating(tag, $0, $1) }),
        (force.spec, { checkFlag(force, $0, $1) }),
        (dryRun.spec, { checkFlag(dryRun, $0, $1) }),
        (study.spec, { checkRepeating(study, $0, $1) }),
        (ageMin.spec, { checkOptional(ageMin, $0, $1, canonical: { String($0) }) }),
        (ageMax.spec, { checkOptional(ageMax, $0, $1, canonical: { String($0) }) }),
        (searchable.spec, { checkOptional(searchable, $0, $1, canonical: { $0 ? "on" : "off" }) }),
        (yes.spec, { checkFlag(yes, $0, $1) }),
        (latitude.spec, { checkRequired(latitude, $0, $1, canonical: { "\($0)" }, valid: \.isFinite) }),
        (longitude.spec, { checkRequired(longitude, $0, $1, canonical: { "\($0)" }, valid: \.isFinite) }),
        (shadowedDatabase.spec, { checkText(shadowedDatabase, $0, $1) }),
        (shadowedJSON.spec, { checkText(shadowedJSON, $0, $1) }),
        (man.spec, { checkFlag(man, $0, $1) }),
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
        // Read through the keys: the global ones, and the command's (a shadowed one reads the
        // value of the global option that shadows it).
        for option in globals + command.options {
            guard let read = reads.first(where: { $0.spec == option }) else {
                return require(false, "--\(option.name) of \(invocation.path) has no key")
            }
            read.check(invocation, shown)
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

    // MARK: Keys

    private static func checkText(_ key: OptionKey<String?, Never>, _ invocation: Invocation, _ shown: String) {
        let read = invocation[key], last = invocation.values[key.spec.name]?.last
        require(read.map { bytes($0, last ?? "") } ?? (last == nil), "\(shown) reads \(key.spec.longName) as \(read.debugDescription)")
    }

    private static func checkFlag(_ key: OptionKey<Bool, Never>, _ invocation: Invocation, _ shown: String) {
        require(invocation[key] == invocation.flags.contains(key.spec.name), "\(shown) reads \(key.spec.longName) as \(invocation[key])")
    }

    private static func checkRepeating(_ key: OptionKey<[String], Never>, _ invocation: Invocation, _ shown: String) {
        let read = invocation[key], given = invocation.values[key.spec.name] ?? []
        require(read.count == given.count && zip(read, given).allSatisfy(bytes), "\(shown) reads \(key.spec.longName) as \(read)")
    }

    /// Nothing when the option is left out, else what its last value reads as on its own.
    private static func checkOptional<Value: Equatable>(
        _ key: OptionKey<Value?, UsageError>, _ invocation: Invocation, _ shown: String, canonical: (Value) -> String,
        valid: (Value) -> Bool = { _ in true }
    ) {
        let given = invocation.values[key.spec.name] ?? []
        let alone = { (text: String) in outcome(of: key, in: Invocation(values: [key.spec.name: [text]])) }
        for text in given { checkSyntax(key.spec, text, canonical: canonical, valid: valid, read: alone) }
        let read = outcome(of: key, in: invocation)
        require(read == (given.last.map(alone) ?? .success(nil)), "\(shown) reads \(key.spec.longName) as \(read)")
    }

    /// What its last value reads as on its own; when it is left out (a line asking for help, or
    /// a group's), the refusal the parser gives for a missing option.
    private static func checkRequired<Value: Equatable>(
        _ key: OptionKey<Value, UsageError>, _ invocation: Invocation, _ shown: String, canonical: (Value) -> String,
        valid: (Value) -> Bool = { _ in true }
    ) {
        let given = invocation.values[key.spec.name] ?? []
        let alone = { (text: String) in outcome(of: key, in: Invocation(values: [key.spec.name: [text]])) }
        for text in given { checkSyntax(key.spec, text, canonical: canonical, valid: valid) { alone($0).map(Optional.some) } }
        let read = outcome(of: key, in: invocation)
        let missing = UsageError(message: "Missing expected argument '\(key.spec.synopsis)'", commandPath: invocation.path)
        require(read == (given.last.map(alone) ?? .failure(missing)), "\(shown) reads \(key.spec.longName) as \(read)")
    }

    /// A value accepted is valid and reads back the same from its canonical text; a refusal is a
    /// proper one-line error naming the option.
    private static func checkSyntax<Value: Equatable>(
        _ option: OptionSpec, _ text: String, canonical: (Value) -> String, valid: (Value) -> Bool,
        read: (String) -> Result<Value?, UsageError>
    ) {
        let name = option.longName
        switch read(text) {
        case .success(nil):
            require(false, "\(name) \(text.debugDescription) reads as nothing")
        case .success(let value?):
            require(valid(value), "\(name) \(text.debugDescription) is \(value)")
            require(read(canonical(value)) == .success(value), "\(name) \(text.debugDescription) is \(value), which reads back otherwise")
        case .failure(let error):
            require(error.code == "invalid_value" && error.commandPath == nil, "\(name) \(text.debugDescription) refused as \(error)")
            require(error.message.hasPrefix("\(name): ") && isOneLine(error.message), "\(name) \(text.debugDescription) refused with \(error.message.debugDescription)")
            require(error.message.count <= 120 && error.message.unicodeScalars.count <= 300, "\(name) \(text.debugDescription) refused with \(error.message.unicodeScalars.count) scalars")
        }
    }

    /// The key read twice alike.
    private static func outcome<Value: Equatable>(of key: OptionKey<Value, UsageError>, in invocation: Invocation) -> Result<Value, UsageError> {
        let first = Result { () throws(UsageError) in try invocation[key] }
        let second = Result { () throws(UsageError) in try invocation[key] }
        require(first == second, "\(key.spec.longName) in \(invocation) read twice: \(first) then \(second)")
        return first
    }

    // MARK: Help

    private static func checkHelp(_ path: [String], _ command: CommandSpec) {
        let text = help.help(for: path, command: command)
        require(text.hasPrefix("OVERVIEW: \(command.abstract)\n") && text.hasSuffix("\n"), "help for \(path) is \(text.debugDescription)")
        require(text.contains("\nUSAGE: \(help.usage(for: path, command: command))"), "help for \(path) lacks its usage line")
        require(!help.usage(for: path, command: command).contains("\n"), "usage of \(path) is more than one line")
    }
}
