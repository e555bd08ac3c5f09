
/// Bulk loading of many users at once (synthetic populations for demos and benchmarks).
public protocol PopulationRepository {
    /// How many synthetic people were drawn before: numbering goes on after them.
    func seededCount() throws -> Int
    /// The keyed hash behind where the API shows people (`WriteTransaction.shownPlaceKey()`).
    func shownPlaceKey() throws -> any KeyedHash
    /// Draws `count` people from `next`, each once, then stores them and their queue places in
    /// one transaction and counts them as drawn; a person whose phone number is already
    /// registered is left out. Returns how many were stored. People are handed over one at a
    /// time so that storage can keep them in its own compact form instead of a million values at once.
    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int
    /// `addWaiting(count:drawing:)`, telling `progress` how much of the work is done (0 to 1)
    /// now and then as it goes, for a progress bar. A transaction tried again starts over, so
    /// the fraction may go back.
    func addWaiting(count: Int, drawing next: () -> WaitingUser, progress: (Double) -> Void) throws -> Int
}

extension PopulationRepository {
    /// A repository that cannot tell its progress reports none until it is done.
    public func addWaiting(count: Int, drawing next: () -> WaitingUser, progress: (Double) -> Void) throws -> Int {
        let added = try addWaiting(count: count, drawing: next)
        progress(1)
        return added
    }
}
