import SLPCommandLine

/// `slp chat`: the group of conversation commands.
enum ChatCommand {
    static let spec = CommandSpec(
        name: "chat",
        abstract: "Talk with your study partner.")
}
