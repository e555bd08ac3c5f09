/// Draws a screen that goes on (`chat send` from standard input, `chat follow`): what each new
/// state adds is printed at once, so a line on the screen is a change already stored; the end
/// of the screen is one `Output`.
protocol StreamRenderer<State> {
    associatedtype State

    /// What `new` adds to `old`, to print now; empty for nothing.
    func changes(from old: State, to new: State) -> String

    /// What is left when the screen ends: any stdout not printed yet, stderr and the exit code.
    func end(_ state: State) -> Output
}
