/// Why the Firebase web config file cannot be served (`FirebaseWebConfig`): one line for the
/// operator.
package struct WebConfigProblem: Error, Sendable, Equatable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
