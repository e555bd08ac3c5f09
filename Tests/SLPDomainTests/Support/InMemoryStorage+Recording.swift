import SLPTestSupport

extension InMemoryStorage {
    /// The transactions ("read" or "write") begun while `body` ran, in order: what a use case
    /// called after some set-up did with storage.
    func transactions(during body: () throws -> Void) rethrows -> [String] {
        let before = transactions.count
        try body()
        return Array(transactions.dropFirst(before))
    }
}
