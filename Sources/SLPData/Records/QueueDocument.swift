#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Storage) import SLPDomain

/// A row of `queue`: a waiting user's search document. Search scans thousands of rows, and
/// SQLite's cost per row grows with the columns read, so the document is two columns besides
/// the position: `traits`, the person rules' inputs packed in one integer, and `card`, what is
/// shown, as text fields separated by U+001E (`Schema` builds both in SQL, seeding in Swift).
/// Decoded in two steps, so that search pays for the card only for the rows it keeps.
enum QueueDocument {
    /// The columns `traits(_:)` and `nearbyUser(_:coordinate:distance:studies:)` read, in order.
    static let columns = "user_id, lat, long, traits, card"
    /// The same columns qualified with table alias `q`, for joins.
    static let qualifiedColumns = "q.user_id, q.lat, q.long, q.traits, q.card"

    /// Separates the card's fields.
    static let fieldSeparator: UInt8 = 0x1E
    /// Separates review comments within the card's reviews field (comments cannot contain
    /// control characters).
    static let reviewSeparator: Character = "\u{1F}"

    static func userID(_ row: Row) -> Int64 { row.int64(0) }
    static func latitude(_ row: Row) -> Double { row.double(1) }
    static func longitude(_ row: Row) -> Double { row.double(2) }

    /// `traits`: gender (bit 0), searchable (bit 1), age_min (bits 2–8), age_max (bits 9–15),
    /// birth day since 1970 (bits 16 and up, signed).
    static func packedTraits(gender: Gender, searchable: Bool, ageRange: AgeRange, birthDay: Int) -> Int64 {
        Int64(gender.rawValue) | (searchable ? 2 : 0) | Int64(ageRange.min) << 2 | Int64(ageRange.max) << 9 | Int64(birthDay) << 16
    }

    /// `packedTraits` of the row of `users` a statement reads, in SQL.
    static let traitsSQL = """
        (users.gender | (users.searchable << 1) | (users.age_min << 2) | (users.age_max << 9)
            | (CAST(julianday(users.birth) - 2440587.5 AS INTEGER) << 16))
        """

    /// The card of the row of `users` a statement reads, in SQL, up to the separator before its
    /// studies: what `appendCardHead` writes. (A view made it once; every process parsed the
    /// view with the rest of the schema, for the two statements that use it.)
    static let cardHeadSQL = """
        (users.uid || char(30) || users.nick || char(30) ||
            users.rep_good_manners || ',' || users.rep_punctual || ',' || users.rep_quick_reply || ',' ||
            users.rep_kind || ',' || users.rep_skilled || ',' || users.rep_helpful || char(30) ||
            coalesce((SELECT group_concat(comment, char(31)) FROM
                (SELECT comment FROM review_comments c WHERE c.user_id = users.id ORDER BY c.id)), '') || char(30) ||
            users.sesac || char(30) || users.background || char(30))
        """

    static func traits(_ row: Row) -> CandidateTraits {
        let packed = row.int64(3)
        return CandidateTraits(
            gender: packed & 1 == 0 ? .female : .male, birthDay: Int(packed >> 16), ageMin: Int(packed >> 2 & 0x7F),
            ageMax: Int(packed >> 9 & 0x7F), searchable: packed & 2 != 0)
    }

    /// The `card` of `user` listing `studies`, as `cardHeadSQL` builds it in SQL (with `reviews`,
    /// the comments they received, oldest first).
    static func card(of user: User, reviews: [String], studies: StudyList) -> String {
        // Seeding writes a million of these: built as bytes, made a String once (appending to a
        // String checks every join for a grapheme boundary, ten times slower here).
        var card: [UInt8] = []
        card.reserveCapacity(160)
        appendCard(of: user, reviews: reviews, studies: studies, to: &card)
        return String(decoding: card, as: UTF8.self)
    }

    /// Appends the bytes of `card(of:reviews:studies:)` to `card`.
    static func appendCard(of user: User, reviews: [String], studies: StudyList, to card: inout [UInt8]) {
        appendCardHead(of: user, reviews: reviews, to: &card)
        appendDescription(of: studies, to: &card)
    }

    /// Appends the card up to its last field, the studies' description (which follows the last separator).
    static func appendCardHead(of user: User, reviews: [String], to card: inout [UInt8]) {
        func number(_ value: Int) {
            if value < 0 { card.append(UInt8(ascii: "-")) }
            appendDigits(value.magnitude, to: &card)
        }
        user.uid.withUTF8 { card.append(contentsOf: $0) }
        card.append(fieldSeparator)
        card += user.nick.value.utf8
        card.append(fieldSeparator)
        for title in ReputationTitle.allCases {
            if title != ReputationTitle.allCases.first { card.append(UInt8(ascii: ",")) }
            number(user.reputation[title])
        }
        card.append(fieldSeparator)
        for (index, review) in reviews.enumerated() {
            if index > 0 { card += String(reviewSeparator).utf8 }
            card += review.utf8
        }
        card.append(fieldSeparator)
        number(user.sesac)
        card.append(fieldSeparator)
        number(user.background)
        card.append(fieldSeparator)
    }

    /// Appends `value` in decimal.
    private static func appendDigits(_ value: UInt, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends the bytes of `studies.description` (the names separated by single spaces).
    static func appendDescription(of studies: StudyList, to bytes: inout [UInt8]) {
        for (index, study) in studies.studies.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes += study.name.utf8
        }
    }

    /// The card's uid, the first field.
    static func uidText(_ row: Row) -> String {
        row.withUTF8(4) { card in
            let end = card.firstIndex(of: fieldSeparator) ?? card.count
            return String(decoding: UnsafeBufferPointer(rebasing: card[..<end]), as: UTF8.self)
        }
    }

    /// The card's studies, its last field.
    static func studyList(_ row: Row, studies: StudyInterner) -> StudyList {
        row.withUTF8(4) { card in
            let start = card.lastIndex(of: fieldSeparator).map { $0 + 1 } ?? 0
            return studies.studyList(UnsafeBufferPointer(rebasing: card[start...]))
        }
    }

    /// The full card. Its values passed the domain's rules when they were written, and search
    /// reads thousands of them, so they are restored without checking again.
    static func nearbyUser(_ row: Row, coordinate: Coordinate, distance: Double, studies: StudyInterner) throws -> NearbyUser {
        let gender: Gender = row.int64(3) & 1 == 0 ? .female : .male
        return try row.withUTF8(4) { card in
            // uid, nick, reputation, reviews, sesac, background, studies
            var fields: (Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>, Range<Int>) =
                (0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0)
            let found = withUnsafeMutableBytes(of: &fields) { raw in
                let ranges = raw.bindMemory(to: Range<Int>.self)
                guard let base = card.baseAddress else { return 1 }
                // memchr finds each separator several bytes at a time: a byte loop over the
                // card was an eighth of a search.
                var field = 0, start = 0
                while let found = memchr(base + start, Int32(fieldSeparator), card.count - start) {
                    guard field < 6 else { return 8 }
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    ranges[field] = start..<index
                    field += 1
                    start = index + 1
                }
                ranges[field] = start..<card.count
                return field + 1
            }
            guard found == 7 else {
                throw StoredDataError(table: "queue", id: row.int64(0), detail: "the card has \(found) fields, not 7")
            }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: card[range]), as: UTF8.self) }
            func number(_ range: Range<Int>) -> Int {
                card[range].reduce(0) { $0 &* 10 &+ Int($1 &- 0x30) }
            }
            let reviews = fields.3.isEmpty ? [] : text(fields.3).split(separator: reviewSeparator, omittingEmptySubsequences: false).map(String.init)
            return NearbyUser(
                uid: UserID(validatedUTF8: UnsafeBufferPointer(rebasing: card[fields.0])), nick: Nick(trusted: text(fields.1)), coordinate: coordinate,
                reputation: reputation(UnsafeBufferPointer(rebasing: card[fields.2])),
                studies: studies.studyList(UnsafeBufferPointer(rebasing: card[fields.6])),
                reviews: reviews, gender: gender, sesac: number(fields.4), background: number(fields.5), distance: distance)
        }
    }

    /// A stored reputation ("3,0,1,0,0,2"): six counts in `ReputationTitle` order.
    private static func reputation(_ text: UnsafeBufferPointer<UInt8>) -> Reputation {
        var counts = (0, 0, 0, 0, 0, 0)
        let found = withUnsafeMutableBytes(of: &counts) { raw in
            let values = raw.bindMemory(to: Int.self)
            var slot = 0
            for byte in text {
                if byte == UInt8(ascii: ",") {
                    slot += 1
                    if slot == 6 { return 7 }
                } else {
                    values[slot] = values[slot] &* 10 &+ Int(byte &- 0x30)
                }
            }
            return slot + 1
        }
        guard found == 6 else { return .none }
        return Reputation(validated: counts.0, counts.1, counts.2, counts.3, counts.4, counts.5)
    }

    /// The `study_keys` column: the list's comparison keys as a JSON array of strings.
    static func studyKeys(_ studies: StudyList) -> String {
        var json: [UInt8] = []
        appendStudyKeys(studies, to: &json)
        return String(decoding: json, as: UTF8.self)
    }

    /// Appends the bytes of `studyKeys(_:)` to `json`.
    static func appendStudyKeys(_ studies: StudyList, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "["))
        for (index, study) in studies.studies.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            appendJSONString(study.key, to: &json)
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Appends one key of `studyKeys(_:)`, quoted.
    static func appendJSONString(_ key: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in key.utf8 {
            // Study keys hold no control characters; quotes and backslashes need escaping.
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { json.append(UInt8(ascii: "\\")) }
            json.append(byte)
        }
        json.append(UInt8(ascii: "\""))
    }

    /// The coordinate of the row (stored values were valid when written).
    static func coordinate(_ row: Row) throws -> Coordinate {
        do {
            return try Coordinate(latitude: latitude(row), longitude: longitude(row))
        } catch {
            throw StoredDataError(table: "queue", id: row.int64(0), detail: "coordinate out of range")
        }
    }
}
