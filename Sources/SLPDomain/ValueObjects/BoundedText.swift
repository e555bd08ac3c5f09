import SLPSupport

/// Free text with a length limit: chat messages (1–1000) and review or report comments (0–500).
///
/// Newlines and tabs are allowed; NUL and other control characters are not.
public struct BoundedText: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Limits of a chat message.
    public static let chat = 1...1000
    /// Limits of a review or report comment.
    public static let comment = 0...500

    public init(_ raw: String, allowed lengths: ClosedRange<Int>, field: String) throws {
        let value = raw.canonicallyComposed
        guard lengths.contains(value.count) else {
            throw DomainError.invalid(
                "invalid_\(field)", "a \(field) has \(lengths.lowerBound) to \(lengths.upperBound) characters (got \(value.count))")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !"\n\t".unicodeScalars.contains($0) }) else {
            throw DomainError.invalid("invalid_\(field)", "a \(field) cannot contain NUL or control characters")
        }
        self.value = value
    }

    public var description: String { value }
}
