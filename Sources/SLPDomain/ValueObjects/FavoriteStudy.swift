import SLPSupport

/// The free-text study line of my page ("what I like to study"): up to 50 visible characters.
public struct FavoriteStudy: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public static let maxLength = 50
    public static let none = FavoriteStudy(validated: "")

    /// Trims and NFC-normalises; empty clears it.
    public init(_ raw: String) throws {
        let value = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
        guard value.count <= FavoriteStudy.maxLength else {
            throw DomainError.invalid("invalid_study", "the study line has at most \(FavoriteStudy.maxLength) characters")
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
