import SLPSupport

/// A display name: 1–10 characters after trimming and NFC, nothing invisible or controlling.
///
/// Nicks need not be unique. Forbidden words are a policy of registration (`ForbiddenWords`).
public struct Nick: Hashable, Sendable, CustomStringConvertible {
    /// The trimmed, NFC-normalised text.
    public let value: String

    /// Longest nick in characters (grapheme clusters).
    public static let maxLength = 10

    public init(_ raw: String) throws {
        let value = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
        guard !value.isEmpty else {
            throw DomainError.invalid("invalid_nick", "a nick needs at least 1 character")
        }
        guard value.count <= Nick.maxLength else {
            throw DomainError.invalid(
                "invalid_nick", "a nick has at most \(Nick.maxLength) characters (got \(value.count))")
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
