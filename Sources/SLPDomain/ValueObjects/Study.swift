import Foundation

/// One study or hobby a user queues for: 1–8 visible characters, no spaces.
public struct Study: Hashable, Sendable, CustomStringConvertible {
    /// As typed (trimmed, NFC).
    public let name: String
    /// Comparison key: duplicates and filters ignore case and width.
    public let key: String

    public static let maxLength = 8
    /// What a user studies when they name nothing: matches every filter.
    public static let anything = Study(validated: "anything")

    public init(_ raw: String) throws {
        if raw.isSimpleText && !raw.utf8.contains(0x20) && raw.simpleTextCount <= Study.maxLength {
            self.init(name: raw, key: raw.asciiLowercased)
            return
        }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty, name.count <= Study.maxLength else {
            throw DomainError.invalid(
                "invalid_study", "a study has 1 to \(Study.maxLength) characters ('\(raw.sanitizedForMessage)')")
        }
        guard name.allSatisfy(\.isVisibleText), !name.contains(" ") else {
            throw DomainError.invalid("invalid_study", "a study cannot contain spaces, control or invisible characters")
        }
        self.init(validated: name)
    }

    /// A name that passed `init(_:)` before (read back from storage); the key is derived again.
    @_spi(Storage) public init(trusted name: String) {
        if name.isSimpleText {
            self.init(name: name, key: name.asciiLowercased)
        } else {
            self.init(validated: name)
        }
    }

    private init(validated name: String) {
        self.init(name: name, key: name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil))
    }

    private init(name: String, key: String) {
        self.name = name
        self.key = key
    }

    public var description: String { name }

    // Keys are already normalised, so their bytes decide (and String's own hashing would
    // normalise again, which is slow for Hangul).
    public static func == (lhs: Study, rhs: Study) -> Bool {
        var lhsKey = lhs.key, rhsKey = rhs.key
        return lhsKey.withUTF8 { left in rhsKey.withUTF8 { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        var key = key
        key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
