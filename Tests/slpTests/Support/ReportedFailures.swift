/// The failures a `TestStore` reports, collected instead of failing the test: for the tests of
/// TestStore itself.
@MainActor
final class ReportedFailures {
    private(set) var messages: [String] = []

    func record(_ message: String, file: StaticString, line: UInt) {
        messages.append(message)
    }
}
