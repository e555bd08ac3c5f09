
/// How many times a user received each review title.
///
/// The six counts are stored inline (no array), since search builds thousands of these.
public struct Reputation: Hashable, Sendable {
    // 32-bit counts: a search holds thousands of cards, each with a reputation; 24 bytes
    // instead of 48 make every card a quarter smaller. A count never nears 2³¹ reviews.
    private var goodManners: Int32 = 0, punctual: Int32 = 0, quickReply: Int32 = 0, kind: Int32 = 0, skilled: Int32 = 0, helpful: Int32 = 0

    public static let none = Reputation()

    private init() {}

    /// Restores counts; there must be exactly one non-negative count per title.
    public init(counts: [Int]) throws {
        guard counts.count == ReputationTitle.allCases.count, counts.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }) else {
            throw DomainError.invalid("invalid_reputation", "a reputation has six counts from 0 to \(Int32.max)")
        }
        self.init(validated: counts)
    }

    /// Counts known to be six and non-negative (read back from storage).
    @_spi(Storage) public init(validated counts: [Int]) {
        guard counts.count == 6 else { return }
        (goodManners, punctual, quickReply, kind, skilled, helpful) = (
            Int32(clamping: counts[0]), Int32(clamping: counts[1]), Int32(clamping: counts[2]),
            Int32(clamping: counts[3]), Int32(clamping: counts[4]), Int32(clamping: counts[5]))
    }

    /// Counts read back from storage, in `ReputationTitle` order, known to be non-negative.
    @_spi(Storage) public init(validated goodManners: Int, _ punctual: Int, _ quickReply: Int, _ kind: Int, _ skilled: Int, _ helpful: Int) {
        (self.goodManners, self.punctual, self.quickReply, self.kind, self.skilled, self.helpful) = (
            Int32(clamping: goodManners), Int32(clamping: punctual), Int32(clamping: quickReply),
            Int32(clamping: kind), Int32(clamping: skilled), Int32(clamping: helpful))
    }

    /// One count per `ReputationTitle`, in its order.
    public var counts: [Int] { [Int(goodManners), Int(punctual), Int(quickReply), Int(kind), Int(skilled), Int(helpful)] }

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
