/// How `slp serve` starts its push sender: the `slp-push` program and what it gets beside what
/// every child of serve gets (the credentials file, the FCM endpoint).
package struct PushSenderLaunch: Sendable {
    let executable: String
    let environment: [(name: String, value: String)]

    package init(executable: String, environment: [(name: String, value: String)]) {
        self.executable = executable
        self.environment = environment
    }
}
