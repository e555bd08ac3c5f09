/// How many times a user received each review title.
public struct Reputation: Hashable, Sendable {
    /// Kept in 32 bits, which no count nears: search holds thousands of cards, each with one.
    private var goodManners: Int32 = 0, punctual: Int32 = 0, quickReply: Int32 = 0, kind: Int32 = 0, skilled: Int32 = 0,
        helpful: Int32 = 0

    /// The largest count a reputation keeps.
    public static let maxCount = Int(Int32.max)

    public static let none = Reputation()

    private init() {}

    /// Restores counts; there must be exactly one non-negative count per title, in `ReputationTitle` order.
    public init(counts: [Int]) throws {
        guard counts.count == ReputationTitle.allCases.count, counts.allSatisfy({ (0...Reputation.maxCount).contains($0) }) else {
            throw DomainError.invalid("invalid_reputation", "a reputation has six counts from 0 to \(Reputation.maxCount)")
        }
        self.init(stored: counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    }

    /// Counts read back from storage, in `ReputationTitle` order, known to be from 0 to `maxCount`.
    package init(stored goodManners: Int, _ punctual: Int, _ quickReply: Int, _ kind: Int, _ skilled: Int, _ helpful: Int) {
        (self.goodManners, self.punctual, self.quickReply, self.kind, self.skilled, self.helpful) = (
            Int32(clamping: goodManners), Int32(clamping: punctual), Int32(clamping: quickReply), Int32(clamping: kind),
            Int32(clamping: skilled), Int32(clamping: helpful))
    }

    /// One count per `ReputationTitle`, in its order.
    public var counts: [Int] { ReputationTitle.allCases.map { self[$0] } }

    public private(set) subscript(title: ReputationTitle) -> Int {
        get {
            switch title {
            case .goodManners: Int(goodManners)
            case .punctual: Int(punctual)
            case .quickReply: Int(quickReply)
            case .kind: Int(kind)
            case .skilled: Int(skilled)
            case .helpful: Int(helpful)
            }
        }
        set {
            switch title {
            case .goodManners: goodManners = Int32(clamping: newValue)
            case .punctual: punctual = Int32(clamping: newValue)
            case .quickReply: quickReply = Int32(clamping: newValue)
            case .kind: kind = Int32(clamping: newValue)
            case .skilled: skilled = Int32(clamping: newValue)
            case .helpful: helpful = Int32(clamping: newValue)
            }
        }
    }

    /// Adds one to each given title.
    public mutating func add(_ titles: Set<ReputationTitle>) {
        for title in titles { self[title] += 1 }
    }
}
