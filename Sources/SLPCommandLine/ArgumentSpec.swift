/// One positional argument of a command.
public struct ArgumentSpec: Sendable, Equatable {
    public let name: String
    public let help: String
    public var isOptional: Bool
    public var isRepeating: Bool
    /// Words a shell completes the argument with (`bash`, `zsh`, `fish`).
    public var choices: [String]

    public init(name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
        self.choices = choices
    }

    /// `<uid>`, `[<uid>]` or `[<text> ...]`, as in usage lines.
    public var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
