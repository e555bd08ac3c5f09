/// What other threads tell a running hub (through its mailbox).
package enum HubCommand: Sendable {
    /// Emit `event` with `json` to every socket of `uid`.
    case emit(to: String, event: String, json: String)
    /// Say goodbye to every client (serve is stopping: `HubServer.sayGoodbye`) and go on.
    case goodbye
    /// Close every connection and return from `run`.
    case stop
}
