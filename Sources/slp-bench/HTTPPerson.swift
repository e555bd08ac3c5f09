/// A registered person whose SLP app a benchmark client runs: their token, where they stand,
/// and what the app believes of their situation (it learns only from the answers it gets).
struct HTTPPerson: Sendable {
    let uid: String
    let token: String
    let latitude: Double
    let longitude: Double
    let studies: [String]
    var phase: PersonPhase = .idle
    /// Seconds of simulated time this app has run: each request stands for what a person
    /// does in the app, and the app polls myQueueState every `pollInterval` of it.
    var clock = 0.0
    var nextPoll = 0.0
    /// The newest message time this app has seen in its current chat (`lastchatDate`).
    var lastChatDate: String?
    /// Their writes, kept within the API's per-user limits.
    var pace = WritePace()

    /// SLP's apps poll myQueueState every 5 s while open.
    static let pollInterval = 5.0
}
