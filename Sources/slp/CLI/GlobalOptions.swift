import SLPCommandLine

/// Options valid anywhere on the command line, before or after the command words.
struct GlobalOptions: Sendable, Equatable {
    /// `--db PATH`: the database file.
    var database: String?
    /// `--as UID|PHONE`: the acting user.
    var actingUser: String?
    /// `--json`: one JSON document on stdout.
    var json = false
    var help = false
    var version = false

    static let specs: [OptionSpec] = [
        .value("db", "path", "Database file (default: $SLP_DB, then $XDG_DATA_HOME/slp/slp.sqlite)."),
        .value("as", "user", "Act as this user: uid or phone number (default: $SLP_USER)."),
        .flag("json", "Print one JSON document on stdout (errors also as JSON on stderr)."),
    ]

    /// `--help` and `--version`, which the parser knows anywhere, then the specs.
    static let all = specs + [ArgumentParser.help, ArgumentParser.version]
}

extension Invocation {
    /// The global options as given (the last `--db` and `--as` win).
    var global: GlobalOptions {
        GlobalOptions(database: value("db"), actingUser: value("as"), json: flag("json"), help: help, version: version)
    }
}
