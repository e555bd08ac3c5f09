import SLPDomain

/// What the pictures of a search show (`slp map`, `slp search --geojson`): where it looked and
/// how far, who looked, and who waits there.
struct Surroundings: Equatable, Sendable {
    let center: Coordinate
    /// Metres.
    let radius: Double
    let me: UserID
    let myNick: Nick
    /// The studies I wait for; nil when I am not in the queue (looking from a given point).
    let myStudies: StudyList?
    let result: SearchResult

    /// What `result`, a search of `radius` metres, shows.
    init(_ result: SearchResult, radius: Double) {
        center = result.center
        self.radius = radius
        me = result.me.uid
        myNick = result.me.nick
        myStudies = result.myStudies
        self.result = result
    }
}
