import SLPCommandLine

/// `slp user`: the group of my-page commands.
enum UserCommand {
    static let spec = CommandSpec(
        name: "user",
        abstract: "Show, change or delete an account.",
        subcommands: [UserShowCommand.spec, UserUpdateCommand.spec, UserWithdrawCommand.spec])
}
