import SLPSupport

/// Ctrl-C for a command that promises an exit status for it (`queue --wait`: 130): a line on
/// standard error and that status. Everything the command stored is committed or not begun,
/// as the storage's transactions guarantee, so there is nothing to undo.
enum Interrupt {
    static func exitOnInterrupt(status: Int32, saying text: String) {
        InterruptExit.install(status: status, message: text)
    }
}
