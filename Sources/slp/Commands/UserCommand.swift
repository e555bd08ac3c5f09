import SLPCommandLine

/// `slp user`: the group of my-page commands (`CommandTable` lists them).
enum UserCommand {
    static let spec = CommandSpec(
        name: "user",
        abstract: "Show, change or delete an account.")
}
