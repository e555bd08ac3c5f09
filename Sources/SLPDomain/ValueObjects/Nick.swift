import SLPSupport

/// A display name: 1–10 characters after trimming and NFC (each with at most 8 combining
/// marks, 320 bytes in all: `TextLimit`), nothing invisible or controlling.
///
/// Nicks need not be unique. Forbidden words are a policy of registration (`ForbiddenWords`).
public struct Nick: Hashable, Sendable, CustomStringConvertible {
    /// The trimmed, NFC-normalised text.
    public let value: String

    /// Longest nick in characters (grapheme clusters).
    public static let maxLength = 10
    /// How long a nick may be.
    public static let limit = TextLimit(characters: 1...maxLength)

    public init(_ raw: String) throws {
        let value = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
        try Nick.limit.check(value, code: "invalid_nick", name: "a nick") { count in
            count == 0 ? "a nick needs at least 1 character" : "a nick has at most \(Nick.maxLength) characters (got \(count))"
        }
        guard value.allSatisfy(\.isVisibleText) else {
            throw DomainError.invalid("invalid_nick", "a nick cannot contain control or invisible characters")
        }
        self.value = value
    }

    /// A nick that passed `init(_:)` before: made by the domain, or read back from storage.
    package init(stored value: String) {
        self.value = value
    }

    public var description: String { value }
}
