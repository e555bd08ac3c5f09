import SLPSupport

/// Free text with a length limit: chat messages (1–1000 characters) and review or report
/// comments (0–500), each character with at most 8 combining marks and 32 bytes a character
/// in all (`TextLimit`).
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
        try TextLimit(characters: lengths).check(value, code: "invalid_\(field)", name: "a \(field)") { count in
            "a \(field) has \(lengths.lowerBound) to \(lengths.upperBound) characters (got \(count))"
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !"\n\t".unicodeScalars.contains($0) }) else {
            throw DomainError.invalid("invalid_\(field)", "a \(field) cannot contain NUL or control characters")
        }
        self.value = value
    }

    public var description: String { value }
}
