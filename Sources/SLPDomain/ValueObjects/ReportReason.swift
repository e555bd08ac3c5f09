
/// Why a user is reported.
public enum ReportReason: String, Sendable, CaseIterable, CustomStringConvertible {
    case illegal
    case rude
    case noShow = "no-show"
    case obscene
    case abuse
    case other

    public init(_ raw: String) throws {
        guard let reason = ReportReason(rawValue: raw.lowercased()) else {
            let all = ReportReason.allCases.map(\.rawValue).joined(separator: ", ")
            throw DomainError.invalid("invalid_reason", "a report reason is one of \(all)")
        }
        self = reason
    }

    public var description: String { rawValue }
}
