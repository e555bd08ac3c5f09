import Foundation

/// How many times a user received each review title.
public struct Reputation: Hashable, Sendable {
    /// One count per `ReputationTitle`, in its order.
    public private(set) var counts: [Int]

    public static let none = Reputation(validated: Array(repeating: 0, count: ReputationTitle.allCases.count))

    /// Restores counts; there must be exactly one non-negative count per title.
    public init(counts: [Int]) throws {
        guard counts.count == ReputationTitle.allCases.count, counts.allSatisfy({ $0 >= 0 }) else {
            throw DomainError.invalid("invalid_reputation", "a reputation has six non-negative counts")
        }
        self.counts = counts
    }

    private init(validated counts: [Int]) {
        self.counts = counts
    }

    public subscript(title: ReputationTitle) -> Int { counts[title.rawValue] }

    /// Adds one to each given title.
    public mutating func add(_ titles: Set<ReputationTitle>) {
        for title in titles { counts[title.rawValue] += 1 }
    }
}
