
/// Gender as SLP encodes it: 0 female, 1 male.
public enum Gender: Int, Sendable, CaseIterable, CustomStringConvertible {
    case female = 0
    case male = 1

    /// Accepts `female`/`male` (any case) or the SLP numbers `0`/`1`.
    public init(_ raw: String) throws {
        switch raw.lowercased() {
        case "female", "f", "0": self = .female
        case "male", "m", "1": self = .male
        default: throw DomainError.invalid("invalid_gender", "gender is female or male, not '\(raw.sanitizedForMessage)'")
        }
    }

    public var description: String { self == .female ? "female" : "male" }
}
