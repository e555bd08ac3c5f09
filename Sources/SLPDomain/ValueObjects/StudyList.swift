
/// The studies a user queues with: 1–8 distinct studies; none given means `["anything"]`.
public struct StudyList: Hashable, Sendable, CustomStringConvertible {
    public let studies: [Study]

    public static let maxCount = 8
    public static let anything = StudyList(validated: [.anything])

    /// Each argument may hold several studies separated by spaces.
    ///
    /// Split on whitespace scalars, not characters: a space followed by a combining mark is one
    /// character, so splitting characters would drop the mark, and the list's own description
    /// (which storage reads back) would not parse to the same list.
    public init(parsing arguments: [String]) throws {
        let words = arguments.flatMap { argument in
            argument.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { String(Substring($0)) }
        }
        guard !words.isEmpty else {
            self = .anything
            return
        }
        guard words.count <= StudyList.maxCount else {
            throw DomainError.invalid("too_many_studies", "at most \(StudyList.maxCount) studies (got \(words.count))")
        }
        var seen = Set<Study>()
        var studies: [Study] = []
        for word in words {
            let study = try Study(word)
            guard seen.insert(study).inserted else {
                throw DomainError.invalid("duplicate_study", "'\(study.name)' is listed twice")
            }
            studies.append(study)
        }
        self.init(validated: studies)
    }

    /// Studies read back from storage, known to be distinct and at most `maxCount`.
    package init(stored studies: [Study]) {
        self.init(validated: studies)
    }

    /// Studies already known to be distinct and at most `maxCount`.
    init(validated studies: [Study]) {
        self.studies = studies
    }

    /// True when this list names `study` or is open to anything.
    public func accepts(_ study: Study) -> Bool {
        studies.contains(study) || studies.contains(.anything)
    }

    /// Studies listed in both, in this list's order.
    public func shared(with other: StudyList) -> [Study] {
        // At most 8 by 8: comparing directly is cheaper than hashing into a set.
        studies.filter(other.studies.contains)
    }

    /// The names separated by single spaces: what `init(parsing:)` reads back as this list.
    public var description: String { studies.map(\.name).joined(separator: " ") }
}
