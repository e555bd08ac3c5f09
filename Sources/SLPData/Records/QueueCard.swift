import SLPDomain
import SLPSupport

/// A waiting user's card: what search shows of them, stored as one text (`queue.card`, copied
/// into `queue_studies.card`) so that a scan reads one column instead of seven.
///
/// This is the card's only definition: `Field` lists what it holds, in stored order; `write`
/// and `read` both go through that list, and the separators are spelled here alone. A value that
/// would break the layout is refused when it is written. A change of layout comes with a
/// migration that rebuilds every card (`Migration.rebuildsQueueRows`).
enum QueueCard {
    /// The fields, in stored order.
    enum Field: Int, CaseIterable, Sendable {
        case uid
        case nick
        /// Six counts in `ReputationTitle` order, separated by `countSeparator`.
        case reputation
        /// Review comments received, oldest first, separated by `reviewSeparator`.
        case reviews
        case sesac
        case background
        /// The study names separated by `studySeparator`, as `StudyList.description` writes them.
        /// Last, so that the queue row's `studies` column is the card's tail.
        case studies
    }

    /// `Field.allCases`, made once.
    static let fields = Field.allCases
    /// Between fields: U+001E, INFORMATION SEPARATOR TWO (record separator).
    static let fieldSeparator: UInt8 = 0x1E
    /// Between review comments: U+001F, INFORMATION SEPARATOR ONE (unit separator).
    static let reviewSeparator: UInt8 = 0x1F
    static let countSeparator = UInt8(ascii: ",")
    static let studySeparator = UInt8(ascii: " ")

    /// Appends the card of a user to `card`; returns where its studies field starts.
    @discardableResult
    static func write(
        uid: UserID, nick: Nick, reputation: Reputation, reviews: [String], sesac: Int, background: Int, studies: StudyList,
        to card: inout [UInt8]
    ) throws(QueueDocumentError) -> Int {
        var studiesStart = card.count
        for field in fields {
            if field != .uid { card.append(fieldSeparator) }
            switch field {
            case .uid: try append(uid.rawValue, field, to: &card)
            case .nick: try append(nick.value, field, to: &card)
            case .reputation:
                for (index, title) in ReputationTitle.allCases.enumerated() {
                    if index > 0 { card.append(countSeparator) }
                    try append(reputation[title], field, to: &card)
                }
            case .reviews:
                for (index, review) in reviews.enumerated() {
                    if index > 0 { card.append(reviewSeparator) }
                    try append(review, field, to: &card)
                }
            case .sesac: try append(sesac, field, to: &card)
            case .background: try append(background, field, to: &card)
            case .studies:
                studiesStart = card.count
                for (index, study) in studies.studies.enumerated() {
                    if index > 0 { card.append(studySeparator) }
                    try append(study.name, field, to: &card, alsoRefusing: studySeparator)
                }
            }
        }
        return studiesStart
    }

    /// The card of `user` waiting with `studies`.
    static func card(of user: User, studies: StudyList) throws(QueueDocumentError) -> String {
        var card: [UInt8] = []
        try write(
            uid: user.uid, nick: user.nick, reputation: user.reputation, reviews: user.comments, sesac: user.sesac,
            background: user.background, studies: studies, to: &card)
        return String(decoding: card, as: UTF8.self)
    }

    /// Reads a card back as the user search shows. Its values passed the domain's rules when they
    /// were written, so they are restored without checking them again; only the layout is checked.
    /// Fields are read in `Field` order (a round-trip test holds the two together).
    static func read(
        _ card: UnsafeBufferPointer<UInt8>, gender: Gender, coordinate: Coordinate, distance: Double, studies interner: StudyInterner
    ) throws(QueueDocumentError) -> NearbyUser {
        // Where each field ends: the six separators, found by `memchr` in one pass.
        var ends = InlineArray<6, Int>(repeating: 0)
        var separators = 0
        var pieces = Pieces(card[...], separatedBy: fieldSeparator)
        while let piece = pieces.next(), piece.endIndex < card.endIndex {
            if separators < ends.count { ends[separators] = piece.endIndex }
            separators += 1
        }
        guard separators == fields.count - 1 else { throw wrongFieldCount(card) }
        let uidBytes = card[..<ends[0]], nickBytes = card[(ends[0] + 1)..<ends[1]], reputationBytes = card[(ends[1] + 1)..<ends[2]]
        let reviewBytes = card[(ends[2] + 1)..<ends[3]], sesacBytes = card[(ends[3] + 1)..<ends[4]]
        let backgroundBytes = card[(ends[4] + 1)..<ends[5]], studyBytes = card[(ends[5] + 1)...]
        let uid = UserID(stored: InlineASCII(utf8: UnsafeBufferPointer(rebasing: uidBytes)))
        let nick = Nick(stored: text(nickBytes))
        let reputation = try readReputation(reputationBytes)
        var reviews: [String] = []
        var comments = Pieces(reviewBytes, separatedBy: reviewSeparator)
        while !reviewBytes.isEmpty, let comment = comments.next() { reviews.append(text(comment)) }
        let sesac = try number(sesacBytes, .sesac)
        let background = try number(backgroundBytes, .background)
        let studies = interner.studyList(studyBytes)
        return NearbyUser(
            uid: uid, nick: nick, coordinate: coordinate, reputation: reputation, studies: studies, reviews: reviews,
            gender: gender, sesac: sesac, background: background, distance: distance)
    }

    /// The bytes of one field of `card` (nil when the card has fewer fields).
    static func field(_ wanted: Field, of card: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var fields = Pieces(card[...], separatedBy: fieldSeparator)
        for field in Self.fields {
            guard let bytes = field == .studies ? fields.rest() : fields.next() else { return nil }
            if field == wanted { return bytes }
        }
        return nil
    }

    private static func wrongFieldCount(_ card: UnsafeBufferPointer<UInt8>) -> QueueDocumentError {
        QueueDocumentError("the card has \(card.count { $0 == fieldSeparator } + 1) fields, not \(fields.count)")
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A count or an item number: decimal digits, nothing else.
    private static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ field: Field) throws(QueueDocumentError) -> Int {
        var value = 0, digits = true
        for byte in bytes {
            digits = digits && (0x30...0x39).contains(byte)
            value = value &* 10 &+ Int(byte &- 0x30)
        }
        guard digits, (1...18).contains(bytes.count) else {
            throw QueueDocumentError(field: field, "is not a number: '\(text(bytes))'")
        }
        return value
    }

    /// Six counts separated by commas, read in one pass.
    private static func readReputation(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(QueueDocumentError) -> Reputation {
        var counts = InlineArray<6, Int>(repeating: 0)
        var found = 0, count = 0, digits = 0
        var valid = true
        for byte in bytes {
            let digit = byte &- 0x30
            if digit < 10 {
                count = count &* 10 &+ Int(digit)
                digits &+= 1
                continue
            }
            guard byte == countSeparator, (1...18).contains(digits), found < counts.count - 1 else {
                valid = false
                break
            }
            counts[found] = count
            (found, count, digits) = (found + 1, 0, 0)
        }
        if valid, (1...18).contains(digits), found == counts.count - 1 { counts[found] = count } else { valid = false }
        guard valid else { throw QueueDocumentError(field: .reputation, "is not six counts: '\(text(bytes))'") }
        return Reputation(stored: counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    }

    /// Appends text that must not hold a separator of the card (nor `alsoRefusing`).
    private static func append(_ text: String, _ field: Field, to card: inout [UInt8], alsoRefusing extra: UInt8? = nil) throws(QueueDocumentError) {
        if let bad = text.utf8.first(where: { $0 == fieldSeparator || $0 == reviewSeparator || $0 == extra }) {
            throw QueueDocumentError(field: field, "holds a separator (U+\(String(bad, radix: 16, uppercase: true).leftPadded(to: 4)))")
        }
        card += text.utf8
    }

    /// Appends a count or an item number in decimal; negative numbers are refused.
    private static func append(_ value: Int, _ field: Field, to card: inout [UInt8]) throws(QueueDocumentError) {
        guard value >= 0 else { throw QueueDocumentError(field: field, "is negative: \(value)") }
        card += String(value).utf8
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
