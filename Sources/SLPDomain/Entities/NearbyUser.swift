
/// A waiting user as search shows them: the card of the SLP map.
public struct NearbyUser: Equatable, Sendable {
    // Stored in this order, the small fields beside the uid's tag byte: a search holds thousands
    // of cards, and 136 bytes each instead of 184 is a quarter fewer pages to fill.
    public let uid: UserID
    public let gender: Gender
    private let storedSesac: Int32
    private let storedBackground: Int32
    public let nick: Nick
    public let coordinate: Coordinate
    public let reputation: Reputation
    public let studies: StudyList
    /// Review comments received.
    public let reviews: [String]
    /// Great-circle metres from the search centre.
    public let distance: Double
    /// Studies this user lists that I list too (filled in by search).
    public var sharedStudies: [Study] = []

    /// The sesac (character face) worn.
    public var sesac: Int { Int(storedSesac) }
    /// The background worn.
    public var background: Int { Int(storedBackground) }

    public init(
        uid: UserID, nick: Nick, coordinate: Coordinate, reputation: Reputation, studies: StudyList, reviews: [String],
        gender: Gender, sesac: Int, background: Int, distance: Double
    ) {
        self.uid = uid
        self.nick = nick
        self.coordinate = coordinate
        self.reputation = reputation
        self.studies = studies
        self.reviews = reviews
        self.gender = gender
        storedSesac = Int32(clamping: sesac)
        storedBackground = Int32(clamping: background)
        self.distance = distance
    }
}
