/// A registered person a load client acts as (`--as UID`), and what the client believes of
/// their situation: it learns only from what its own commands print, as a real client would.
struct LoadActor: Sendable {
    let uid: String
    let latitude: Double
    let longitude: Double
    let studies: [String]
    var phase: PersonPhase = .idle
    /// Waiting turns since the last `queue status`: a waiting person who sent requests looks
    /// now and then whether one was accepted.
    var turnsSinceStatus = 0
}
