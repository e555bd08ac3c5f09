/// One positional argument of a command.
struct ArgumentSpec: Sendable, Equatable {
    let name: String
    let help: String
    var isOptional = false
    var isRepeating = false

    /// `<uid>`, `[<uid>]` or `[<text> ...]`, as in usage lines.
    var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
