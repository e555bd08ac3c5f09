import SLPDomain
import SLPTestSupport

/// A population repository that stores nothing and keeps every person it is handed: what a
/// repository is given for some seed options, to compare with what a real one stored.
final class DrawingRecorder: PopulationRepository {
    let first: Int
    private let key: any KeyedHash
    private(set) var added: [WaitingUser] = []

    /// Shown where `key` shows people: a real repository's key to compare with what it stored.
    init(first: Int, key: any KeyedHash = TestKeyedHash()) {
        self.first = first
        self.key = key
    }

    func seededCount() throws -> Int { first + added.count }

    func shownPlaceKey() throws -> any KeyedHash { key }

    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        let users = (0..<count).map { _ in next() }
        added += users
        return users.count
    }
}
