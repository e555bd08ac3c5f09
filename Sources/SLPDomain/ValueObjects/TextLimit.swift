/// How much text a field takes: a number of characters (grapheme clusters, as people count
/// them) and, since one character can hold any number of scalars (`e` and 10,000 combining
/// marks is one character of 20,001 bytes), at most `marksPerCharacter` combining marks on
/// each character and `bytesPerCharacter` UTF-8 bytes a character on average.
public struct TextLimit: Hashable, Sendable {
    /// How many characters the text has.
    public let characters: ClosedRange<Int>

    /// Eight: the deepest stacks real writing makes (Vietnamese 2, pointed Hebrew 4, a Sanskrit
    /// conjunct 4, Tibetan's Kalachakra monogram 8); Hangul jamo and emoji joiners are not marks.
    public static let marksPerCharacter = 8

    /// 32: Korean takes 3 bytes a character, an old-Hangul syllable of five jamo 15, a Sanskrit
    /// conjunct up to 30, an emoji with a skin tone or a joiner 8 to 15.
    public static let bytesPerCharacter = 32

    public init(characters: ClosedRange<Int>) {
        self.characters = characters
    }

    /// The most UTF-8 bytes the text may take.
    public var bytes: Int { characters.upperBound * TextLimit.bytesPerCharacter }

    /// What keeps `text` from fitting.
    public enum Excess: Equatable, Sendable {
        /// Too few or too many characters: how many it has.
        case characters(Int)
        /// More than `bytes`: how many it has.
        case bytes(Int)
        /// A character with more than `marksPerCharacter` combining marks.
        case marks
    }

    /// Why `text` does not fit, or nil when it does. Bytes are counted first: they cost nothing
    /// to count, and bound the work of counting the rest.
    public func excess(of text: String) -> Excess? {
        let byteCount = text.utf8.count
        guard byteCount <= bytes else { return .bytes(byteCount) }
        var count = 0
        for character in text {
            count += 1
            guard character.unicodeScalars.count > 1 else { continue }
            let marks = character.unicodeScalars.count { scalar in
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: true
                default: false
                }
            }
            guard marks <= TextLimit.marksPerCharacter else { return .marks }
        }
        return characters.contains(count) ? nil : .characters(count)
    }

    /// Refuses `text` unless it fits, as the invalid value `code`: too many bytes or marks in
    /// words about the field `name` ("a nick"), too few or too many characters in the words
    /// `describe` gives for their count.
    func check(_ text: String, code: String, name: String, characters describe: (Int) -> String) throws {
        switch excess(of: text) {
        case nil:
            return
        case .characters(let count):
            throw DomainError.invalid(code, describe(count))
        case .bytes(let count):
            throw DomainError.invalid(code, "\(name) has at most \(bytes) bytes (got \(count))")
        case .marks:
            throw DomainError.invalid(code, "\(name) has at most \(TextLimit.marksPerCharacter) combining marks on a character")
        }
    }
}
