
/// Bulk loading of many users at once (synthetic populations for demos and benchmarks).
public protocol PopulationRepository {
    /// How many synthetic people were drawn before: numbering goes on after them.
    func seededCount() throws -> Int
    /// Stores the users and their queue places in one transaction and counts them as drawn;
    /// a person whose phone number is already registered is left out. Returns how many were stored.
    func addWaiting(_ users: [WaitingUser]) throws -> Int
}
