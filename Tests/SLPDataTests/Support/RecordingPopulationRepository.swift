import SLPDomain

/// Passes bulk loads on to a real population repository and notes every uid drawn, so that a
/// test knows whom a seed may have stored without reading the storage itself.
final class RecordingPopulationRepository: PopulationRepository {
    private let base: any PopulationRepository
    private(set) var drawn: [UserID] = []

    init(_ base: any PopulationRepository) { self.base = base }

    func seededCount() throws -> Int { try base.seededCount() }

    func shownPlaceKey() throws -> any KeyedHash { try base.shownPlaceKey() }

    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        try base.addWaiting(count: count) {
            let waiting = next()
            drawn.append(waiting.user.uid)
            return waiting
        }
    }
}
