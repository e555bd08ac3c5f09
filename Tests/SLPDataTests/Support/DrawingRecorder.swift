import SLPDomain

/// A population repository that stores nothing and keeps every person it is handed: what a
/// repository is given for some seed options, to compare with what a real one stored.
final class DrawingRecorder: PopulationRepository {
    let first: Int
    private(set) var added: [WaitingUser] = []

    init(first: Int) { self.first = first }

    func seededCount() throws -> Int { first + added.count }

    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        let users = (0..<count).map { _ in next() }
        added += users
        return users.count
    }
}
