/// The writes `slp` acknowledged to the load mode's clients (exit 0 and its JSON seen), which
/// must all be in the store afterwards.
struct LoadAcknowledgements: Sendable {
    struct Message: Sendable, Hashable {
        let from: String
        let to: String
        let chat: String
        /// `createdAt` as printed, ISO 8601 with milliseconds.
        let createdAt: String
    }

    /// Formed matches, as (who acted, partner): an accept, or a request the other had already made.
    var matches: [(String, String)] = []
    var messages: [Message] = []
    /// Reviews, as (reviewer, reviewed).
    var reviews: [(String, String)] = []
    /// Users whose dodge was acknowledged, once per dodge.
    var dodges: [String] = []

    mutating func merge(_ other: LoadAcknowledgements) {
        matches += other.matches
        messages += other.messages
        reviews += other.reviews
        dodges += other.dodges
    }
}
