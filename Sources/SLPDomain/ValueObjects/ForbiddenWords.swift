import SLPSupport

/// Words a nick may not contain, matched after NFKC, case folding and dropping spaces and
/// combining accents, so full-width, decomposed, upper-case, accented or spaced-out spellings
/// are caught too; and matched again by their confusable skeletons, so are look-alike letters
/// of other scripts (`Admın` with a dotless ı, `аdmin` with a Cyrillic а).
public struct ForbiddenWords: Sendable {
    private let keys: [String]
    private let skeletons: [String]

    public init(_ words: [String]) {
        keys = words.map(ForbiddenWords.key).filter { !$0.isEmpty }
        skeletons = keys.map(ForbiddenWords.skeleton(ofKey:))
    }

    /// The service's list; `Fixtures/forbidden-nick-words.txt` is its reviewed source.
    public static let standard = ForbiddenWords(standardWords)

    /// The words of the standard list, as written in the fixture.
    public static let standardWords = [
        "admin", "administrator", "moderator", "sysop", "관리자", "운영자", "운영진", "새싹관리자",
        "fuck", "shit", "bitch", "asshole", "bastard", "slut", "whore", "nigger", "faggot",
        "시발", "씨발", "씨바", "병신", "븅신", "개새끼", "좆", "존나", "지랄", "미친놈", "미친년",
        "닥쳐", "꺼져", "엿먹어", "창녀", "느금마", "니애미", "한남충", "김치녀", "틀딱",
    ]

    /// True when `text` contains one of the words once both are normalised, or once both are
    /// confusable skeletons.
    public func matches(_ text: String) -> Bool {
        let candidate = ForbiddenWords.key(text)
        if keys.contains(where: { candidate.contains($0) }) { return true }
        let skeleton = ForbiddenWords.skeleton(ofKey: candidate)
        return skeletons.contains { skeleton.contains($0) }
    }

    /// The confusable skeleton of a key (UTS #39: each scalar by its prototype in Unicode's
    /// `confusables.txt`, the key being NFKD already), made a key again: prototypes are
    /// normalised, case-folded and stripped as the key was, since the nick was case-folded
    /// before it was mapped (a Cherokee Ꭺ's prototype `A` must meet the `a` of `admin`).
    static func skeleton(ofKey key: String) -> String {
        ForbiddenWords.key(key.confusablePrototypes)
    }

    /// Compatibility-decomposed (so accents come apart from their letters, and Hangul from
    /// its jamo on both sides alike), case-folded, without marks, spaces or separators.
    static func key(_ text: String) -> String {
        let folded = text.compatibilityDecomposed.caseFolded.compatibilityDecomposed
        return String(String.UnicodeScalarView(folded.unicodeScalars.filter {
            !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint
                && $0.properties.generalCategory != .nonspacingMark
                && !"._-·".unicodeScalars.contains($0)
        }))
    }

}
