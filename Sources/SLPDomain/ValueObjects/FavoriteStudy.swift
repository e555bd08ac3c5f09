import SLPSupport

/// The free-text study line of my page ("what I like to study"): up to 50 visible characters
/// (`TextLimit`).
public struct FavoriteStudy: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public static let maxLength = 50
    /// How long the line may be.
    public static let limit = TextLimit(characters: 0...maxLength)
    public static let none = FavoriteStudy(validated: "")

    /// Trims and NFC-normalises; empty clears it.
    public init(_ raw: String) throws {
        let value = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
        try FavoriteStudy.limit.check(value, code: "invalid_study", name: "the study line") { _ in
            "the study line has at most \(FavoriteStudy.maxLength) characters"
        }
        guard value.allSatisfy({ $0 == " " || $0.isVisibleText }) else {
            throw DomainError.invalid("invalid_study", "the study line cannot contain control or invisible characters")
        }
        self.value = value
    }

    init(validated value: String) {
        self.value = value
    }

    public var description: String { value }
}
