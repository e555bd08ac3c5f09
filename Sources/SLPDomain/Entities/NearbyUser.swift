
/// A waiting user as search shows them: the card of the SLP map.
public struct NearbyUser: Equatable, Sendable {
    public let uid: UserID
    public let gender: Gender
    public let nick: Nick
    public let coordinate: Coordinate
    public let reputation: Reputation
    public let studies: StudyList
    /// Review comments received, oldest first.
    public let reviews: [String]
    /// The sesac (character face) worn.
    public let sesac: Int
    /// The background worn.
    public let background: Int
    /// Great-circle metres from the search centre.
    public let distance: Double
    /// Studies this user lists that I list too (filled in by search).
    public var sharedStudies: [Study] = []

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
        self.sesac = sesac
        self.background = background
        self.distance = distance
    }

    /// The order of search results: nearest first, equal distances by uid.
    public static func isNearer(_ left: NearbyUser, _ right: NearbyUser) -> Bool {
        left.distance != right.distance ? left.distance < right.distance : left.uid < right.uid
    }
}
