import SLPDomain

/// A waiting user's card: what search shows of them, stored as one text (`queue.card`, copied
/// into `queue_studies.card`) so that a scan reads one column instead of seven.
///
/// This is the card's only definition: `Field` lists what it holds, in stored order; `write`
/// and `read` both go through that list, and the separators are spelled here alone. A value that
/// would break the layout is refused when it is written. A change of layout comes with a
/// migration that rebuilds every card (`Migration.rebuildsQueueDocuments`).
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
    static func read(
        _ card: UnsafeBufferPointer<UInt8>, gender: Gender, coordinate: Coordinate, distance: Double, studies interner: StudyInterner
    ) throws(QueueDocumentError) -> NearbyUser {
        var uid = "", nick = "", reputation = Reputation.none, reviews: [String] = [], sesac = 0, background = 0
        var studies = StudyList.anything
        try forEachField(of: card) { (field, bytes) throws(QueueDocumentError) in
            switch field {
            case .uid: uid = text(bytes)
            case .nick: nick = text(bytes)
            case .reputation: reputation = try readReputation(bytes)
            case .reviews:
                if !bytes.isEmpty { forEachPiece(of: bytes, separatedBy: reviewSeparator) { reviews.append(text($0)) } }
            case .sesac: sesac = try number(bytes, field)
            case .background: background = try number(bytes, field)
            case .studies: studies = interner.studyList(bytes)
            }
        }
        return NearbyUser(
            uid: UserID(stored: uid), nick: Nick(stored: nick), coordinate: coordinate, reputation: reputation, studies: studies,
            reviews: reviews, gender: gender, sesac: sesac, background: background, distance: distance)
    }

    /// The bytes of one field of `card` (nil when the card has fewer fields).
    static func field(_ wanted: Field, of card: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        var start = card.startIndex
        for field in fields {
            let end = field == .studies ? card.endIndex : card[start...].firstIndex(of: fieldSeparator)
            guard let end else { return nil }
            if field == wanted { return card[start..<end] }
            start = end + 1
        }
        return nil
    }

    /// Calls `body` with each field's bytes, in order; refuses a card with too few or too many fields.
    private static func forEachField(
        of card: UnsafeBufferPointer<UInt8>, _ body: (Field, Slice<UnsafeBufferPointer<UInt8>>) throws(QueueDocumentError) -> Void
    ) throws(QueueDocumentError) {
        var start = card.startIndex
        for field in fields {
            if field == .studies {
                guard !card[start...].contains(fieldSeparator) else { throw wrongFieldCount(card) }
                try body(field, card[start...])
                return
            }
            guard let end = card[start...].firstIndex(of: fieldSeparator) else { throw wrongFieldCount(card) }
            try body(field, card[start..<end])
            start = end + 1
        }
    }

    private static func wrongFieldCount(_ card: UnsafeBufferPointer<UInt8>) -> QueueDocumentError {
        QueueDocumentError("the card has \(card.count { $0 == fieldSeparator } + 1) fields, not \(fields.count)")
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A count or an item number: decimal digits, nothing else.
    private static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ field: Field) throws(QueueDocumentError) -> Int {
        guard (1...18).contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw QueueDocumentError(field: field, "is not a number: '\(text(bytes))'")
        }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func readReputation(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(QueueDocumentError) -> Reputation {
        var counts = (0, 0, 0, 0, 0, 0), found = 0
        try forEachPiece(of: bytes, separatedBy: countSeparator) { (piece) throws(QueueDocumentError) in
            let count = try number(piece, .reputation)
            switch found {
            case 0: counts.0 = count
            case 1: counts.1 = count
            case 2: counts.2 = count
            case 3: counts.3 = count
            case 4: counts.4 = count
            case 5: counts.5 = count
            default: break
            }
            found += 1
        }
        guard found == ReputationTitle.allCases.count else {
            throw QueueDocumentError(field: .reputation, "has \(found) counts, not \(ReputationTitle.allCases.count)")
        }
        return Reputation(stored: counts.0, counts.1, counts.2, counts.3, counts.4, counts.5)
    }

    /// Calls `body` with each piece of `bytes` between `separator`s (an empty `bytes` is one empty piece).
    static func forEachPiece<E: Error>(
        of bytes: Slice<UnsafeBufferPointer<UInt8>>, separatedBy separator: UInt8,
        _ body: (Slice<UnsafeBufferPointer<UInt8>>) throws(E) -> Void
    ) throws(E) {
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: separator) {
            try body(bytes[start..<end])
            start = end + 1
        }
        try body(bytes[start...])
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
