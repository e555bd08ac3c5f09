
/// How one side ended their part of a match.
public enum MatchEnding: String, Sendable, CaseIterable {
    /// Cancelled the study (`slp match dodge`).
    case dodged
    /// Finished it by reviewing the partner (`slp match review`).
    case reviewed
}
