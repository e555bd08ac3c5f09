/// A node of the command table: what the parser accepts, what help, completion and the man page show.
public struct CommandSpec: Sendable {
    /// The word that selects this command; the root's name is the program's.
    public let name: String
    /// One line; the help's OVERVIEW and the SUBCOMMANDS list show it.
    public let abstract: String
    public var discussion: String
    public var options: [OptionSpec]
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    /// An example invocation shown in help and README.
    public var examples: [String]

    /// True for a group that also runs itself (`slp queue --lat …` beside `slp queue stop`).
    public var runsItself: Bool

    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [], arguments: [ArgumentSpec] = [],
        subcommands: [CommandSpec] = [], examples: [String] = [], runsItself: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.examples = examples
        self.runsItself = runsItself
    }

    /// A group dispatches to its subcommands.
    public var isGroup: Bool { !subcommands.isEmpty }

    /// A leaf, or a group that runs itself.
    public var isRunnable: Bool { !isGroup || runsItself }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The node at `path` below this one, if every word names a subcommand.
    public func descendant(at path: [String]) -> CommandSpec? {
        var command = self
        for word in path {
            guard let sub = command.subcommand(named: word) else { return nil }
            command = sub
        }
        return command
    }
}
