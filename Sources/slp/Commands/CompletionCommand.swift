import SLPCommandLine

/// `slp completion bash|zsh|fish`
enum CompletionCommand: Command {
    static let printsJSON = false

    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script: bash, zsh or fish.",
        discussion: "For example: slp completion bash > /etc/bash_completion.d/slp",
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.", choices: CompletionScript.Shell.allCases.map(\.rawValue))],
        examples: ["source <(slp completion bash)", "slp completion fish > ~/.config/fish/completions/slp.fish"])

    static func run(_ context: CommandContext) async -> Output {
        let word = context.invocation.arguments.first ?? ""
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            return context.fail(UsageError(message: "shell: '\(ValueSyntax.printable(word))' is not bash, zsh or fish", code: "invalid_value"))
        }
        return .success(CompletionScript(root: context.help.root).script(for: shell))
    }
}
