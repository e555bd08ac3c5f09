import SLPSupport

/// One study or hobby a user queues for: 1–8 visible characters (`TextLimit`), no spaces.
public struct Study: Hashable, Sendable, CustomStringConvertible {
    /// As typed (trimmed, NFC).
    public let name: String
    /// Comparison key: duplicates and filters ignore case and width (NFKC, then case folded).
    public let key: String
    /// The key's FNV-1a, made once: searches compare and count many thousands of studies.
    let keyHash: UInt64

    public static let maxLength = 8
    /// How long a study may be.
    public static let limit = TextLimit(characters: 1...maxLength)
    /// What a user studies when they name nothing: matches every filter.
    public static let anything = Study(validated: "anything")

    public init(_ raw: String) throws {
        let name = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
        try Study.limit.check(name, code: "invalid_study", name: "a study") { _ in
            "a study has 1 to \(Study.maxLength) characters ('\(raw.sanitizedForMessage)')"
        }
        guard name.allSatisfy(\.isVisibleText), !name.contains(" ") else {
            throw DomainError.invalid("invalid_study", "a study cannot contain spaces, control or invisible characters")
        }
        self.init(validated: name)
    }

    /// A name that passed `init(_:)` before (read back from storage); the key is derived again.
    package init(stored name: String) {
        self.init(validated: name)
    }

    private init(validated name: String) {
        self.name = name
        key = name.compatibilityComposed.caseFolded
        keyHash = FNV1a.hash(key)
    }

    public var description: String { name }

    /// Equal keys: the hashes first, which settle most comparisons.
    public static func == (lhs: Study, rhs: Study) -> Bool {
        lhs.keyHash == rhs.keyHash && lhs.key == rhs.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyHash)
    }
}
