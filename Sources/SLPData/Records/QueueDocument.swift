import Foundation
@_spi(Storage) import SLPDomain

/// A row of `queue`: a waiting user's search document, decoded in two steps so that search
/// pays for text only for the rows it keeps.
enum QueueDocument {
    /// The columns `traits(row:)` and `nearbyUser(row:distance:)` read, in order.
    static let columns = """
        user_id, lat, long, gender, birth_day, age_min, age_max, searchable,
        uid, nick, reputation, reviews, sesac, background, studies
        """
    /// The same columns qualified with table alias `q`, for joins.
    static let qualifiedColumns = columns.split(separator: ",")
        .map { "q." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")

    /// Separates review comments in `reviews` (comments cannot contain control characters).
    static let reviewSeparator: Character = "\u{1F}"

    static func userID(_ row: Row) -> Int64 { row.int64(0) }
    static func uidText(_ row: Row) -> String { row.text(8) }
    static func latitude(_ row: Row) -> Double { row.double(1) }
    static func longitude(_ row: Row) -> Double { row.double(2) }

    static func traits(_ row: Row) -> CandidateTraits {
        CandidateTraits(
            gender: row.int(3) == 0 ? .female : .male, birthDay: row.int(4), ageMin: row.int(5), ageMax: row.int(6),
            searchable: row.bool(7))
    }

    /// The full card. Its values passed the domain's rules when they were written, and search
    /// reads thousands of them, so they are restored without checking again.
    static func nearbyUser(_ row: Row, coordinate: Coordinate, distance: Double) -> NearbyUser {
        let reviews = row.text(11)
        return NearbyUser(
            uid: UserID(validated: row.text(8)), nick: Nick(trusted: row.text(9)), coordinate: coordinate,
            reputation: Reputation(validated: counts(row.text(10))),
            studies: StudyList(storedDescription: row.text(14)),
            reviews: reviews.isEmpty ? [] : reviews.split(separator: reviewSeparator, omittingEmptySubsequences: false).map(String.init),
            gender: row.int(3) == 0 ? .female : .male, sesac: row.int(12), background: row.int(13), distance: distance)
    }

    /// The six counts of a stored `reputation` ("3,0,1,0,0,2").
    private static func counts(_ text: String) -> [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(6)
        var value = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ",") {
                counts.append(value)
                value = 0
            } else {
                value = value * 10 + Int(byte &- 0x30)
            }
        }
        counts.append(value)
        return counts.count == 6 ? counts : [0, 0, 0, 0, 0, 0]
    }

    /// The `study_keys` column: the list's comparison keys as a JSON array of strings.
    static func studyKeys(_ studies: StudyList) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, study) in studies.studies.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            for byte in study.key.utf8 {
                // Study keys hold no control characters; quotes and backslashes need escaping.
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { json.append(UInt8(ascii: "\\")) }
                json.append(byte)
            }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
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
