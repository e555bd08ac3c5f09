/// How many times a user received each review title.
public struct Reputation: Hashable, Sendable {
    private var goodManners = 0, punctual = 0, quickReply = 0, kind = 0, skilled = 0, helpful = 0

    public static let none = Reputation()

    private init() {}

    /// Restores counts; there must be exactly one non-negative count per title, in `ReputationTitle` order.
    public init(counts: [Int]) throws {
        guard counts.count == ReputationTitle.allCases.count, counts.allSatisfy({ $0 >= 0 }) else {
            throw DomainError.invalid("invalid_reputation", "a reputation has six counts of at least 0")
        }
        self.init(stored: counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    }

    /// Counts read back from storage, in `ReputationTitle` order, known to be non-negative.
    package init(stored goodManners: Int, _ punctual: Int, _ quickReply: Int, _ kind: Int, _ skilled: Int, _ helpful: Int) {
        (self.goodManners, self.punctual, self.quickReply, self.kind, self.skilled, self.helpful) =
            (goodManners, punctual, quickReply, kind, skilled, helpful)
    }

    /// One count per `ReputationTitle`, in its order.
    public var counts: [Int] { ReputationTitle.allCases.map { self[$0] } }

    public private(set) subscript(title: ReputationTitle) -> Int {
        get {
            switch title {
            case .goodManners: goodManners
            case .punctual: punctual
            case .quickReply: quickReply
            case .kind: kind
            case .skilled: skilled
            case .helpful: helpful
            }
        }
        set {
            switch title {
            case .goodManners: goodManners = newValue
            case .punctual: punctual = newValue
            case .quickReply: quickReply = newValue
            case .kind: kind = newValue
            case .skilled: skilled = newValue
            case .helpful: helpful = newValue
            }
        }
    }

    /// Adds one to each given title.
    public mutating func add(_ titles: Set<ReputationTitle>) {
        for title in titles { self[title] += 1 }
    }
}
