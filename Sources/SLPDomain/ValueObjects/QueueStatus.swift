
/// Where a user stands: not queued, waiting to be matched, or matched.
public enum QueueStatus: String, Sendable, CaseIterable, CustomStringConvertible {
    case general
    case waiting
    case matched

    public var description: String { rawValue }
}
