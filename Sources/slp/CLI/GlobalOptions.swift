import SLPCommandLine

/// Options valid anywhere on the command line, before or after the command words.
enum GlobalOptions {
    /// `--db PATH`: the database file.
    static let database = OptionKey(
        "db", "path", "Database file or postgresql:// URI (default: $SLP_DB, then $XDG_DATA_HOME/slp/slp.sqlite).", as: .text
    ).completingFiles()
    /// `--as UID|PHONE`: the acting user.
    static let actingUser = OptionKey("as", "user", "Act as this user: uid or phone number (default: $SLP_USER).", as: .text)
    /// `--json`: one JSON document on stdout.
    static let json = OptionKey(
        flag: "json", "Print one JSON document on stdout, or JSON Lines for a stream (errors also as JSON on stderr); refused by help, demo, completion and serve.")
    /// `--no-pager`: never page long output.
    static let noPager = OptionKey(flag: "no-pager", "Do not page output longer than the terminal through $PAGER (less -FRX).")

    static let specs: [OptionSpec] = [database.spec, actingUser.spec, json.spec, noPager.spec]

    /// `--help` and `--version`, which the parser knows anywhere, then the specs.
    static let all = specs + [ArgumentParser.help, ArgumentParser.version]
}
