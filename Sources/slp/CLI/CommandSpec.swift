/// A node of the command table: what the parser accepts, what help, completion and the man page show.
struct CommandSpec: Sendable {
    let name: String
    /// One line; the help's OVERVIEW and the SUBCOMMANDS list show it.
    let abstract: String
    var discussion: String = ""
    var options: [OptionSpec] = []
    var arguments: [ArgumentSpec] = []
    var subcommands: [CommandSpec] = []
    /// An example invocation shown in help and README.
    var examples: [String] = []

    /// True for a group that also runs itself (`slp queue --lat …` beside `slp queue stop`).
    var runsItself = false

    /// A group dispatches to its subcommands.
    var isGroup: Bool { !subcommands.isEmpty }

    /// A leaf, or a group that runs itself.
    var isRunnable: Bool { !isGroup || runsItself }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}
