
/// One study or hobby a user queues for: 1–8 visible characters, no spaces.
public struct Study: Hashable, Sendable, CustomStringConvertible {
    /// As typed (trimmed, NFC).
    public let name: String
    /// Comparison key: duplicates and filters ignore case and width.
    public let key: String
    /// FNV-1a of `key`'s bytes, kept because search hashes and compares thousands of studies.
    let keyHash: UInt64

    public static let maxLength = 8
    /// What a user studies when they name nothing: matches every filter.
    public static let anything = Study(validated: "anything")

    public init(_ raw: String) throws {
        if raw.isSimpleText && !raw.utf8.contains(0x20) && raw.simpleTextCount <= Study.maxLength {
            self.init(name: raw, key: raw.asciiLowercased)
            return
        }
        let name = raw.trimmingWhitespaceAndNewlines.canonicallyComposed
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
        self.init(name: name, key: name.compatibilityComposed.caseFolded)
    }

    private init(name: String, key: String) {
        self.name = name
        self.key = key
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        keyHash = hash
    }

    public var description: String { name }

    // Keys are already normalised, so their bytes decide (and String's own hashing would
    // normalise again, which is slow for Hangul).
    public static func == (lhs: Study, rhs: Study) -> Bool { lhs.hasSameKey(as: rhs) }

    /// `==` without copying either key: searches compare hundreds of thousands of studies, and
    /// every copy retained and released a string.
    func hasSameKey(as other: Study) -> Bool {
        guard keyHash == other.keyHash else { return false }
        // Searches hand out one shared string per distinct key, and short keys are held in the
        // string itself: identical representations settle it without touching the bytes.
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
           unsafeBitCast(key, to: (UInt64, UInt64).self) == unsafeBitCast(other.key, to: (UInt64, UInt64).self) {
            return true
        }
        return key.utf8.elementsEqual(other.key.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyHash)
    }
}
