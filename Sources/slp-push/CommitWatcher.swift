/// Wakes the sender when another process commits (PostgreSQL's LISTEN on a connection of its
/// own; for SQLite, inotify beside the file), and at least once a second, when a retry or a
/// dead sender's lease may have come due. A connection of its own: the sender's writes wake
/// it too, which is how a user's next push follows the one just recorded.
enum CommitWatcher {
    static let longestWait: Duration = .seconds(1)

    static func start(database: String, waking mailbox: SenderMailbox) {
        Task.detached {
            var opened: SenderStorage?
            var token: Int64?
            while true {
                do {
                    let current = try opened ?? SenderStorage(database: database)
                    opened = current
                    let seen = try token ?? current.storage.changeToken()
                    // The token the wait returns, not a new read: a commit after it ends the next wait.
                    token = try await current.storage.waitForChange(after: seen, upTo: longestWait)
                } catch {
                    // The sender's own loop says what fails; this only opens the database again.
                    opened = nil
                    token = nil
                    try? await Task.sleep(for: longestWait)
                }
                mailbox.signal()
            }
        }
    }
}
