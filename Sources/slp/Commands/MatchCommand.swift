import SLPCommandLine

/// `slp match`: the group of matching commands.
enum MatchCommand {
    static let spec = CommandSpec(
        name: "match",
        abstract: "Request, accept, cancel, review or report a study partner.")
}
