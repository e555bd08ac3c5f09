import Foundation
import SLPDomain

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
    static func latitude(_ row: Row) -> Double { row.double(1) }
    static func longitude(_ row: Row) -> Double { row.double(2) }

    static func traits(_ row: Row) -> CandidateTraits {
        CandidateTraits(
            gender: row.int(3) == 0 ? .female : .male, birthDay: row.int(4), ageMin: row.int(5), ageMax: row.int(6),
            searchable: row.bool(7))
    }

    /// The full card; throws only when the stored row breaks the domain's rules.
    static func nearbyUser(_ row: Row, coordinate: Coordinate, distance: Double) throws -> NearbyUser {
        do {
            let reviews = row.text(11)
            return NearbyUser(
                uid: try UserID(row.text(8)), nick: try Nick(row.text(9)), coordinate: coordinate,
                reputation: try Reputation(counts: row.text(10).split(separator: ",").map { Int($0) ?? -1 }),
                studies: try StudyList(parsing: [row.text(14)]),
                reviews: reviews.isEmpty ? [] : reviews.split(separator: reviewSeparator, omittingEmptySubsequences: false).map(String.init),
                gender: row.int(3) == 0 ? .female : .male, sesac: row.int(12), background: row.int(13), distance: distance)
        } catch let error as DomainError {
            throw StoredDataError(table: "queue", id: row.int64(0), detail: error.message)
        }
    }

    /// The `study_keys` column: the list's comparison keys as a JSON array of strings.
    static func studyKeys(_ studies: StudyList) -> String {
        var json = "["
        for (index, study) in studies.studies.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for character in study.key {
                // Study keys hold no control characters; quotes and backslashes need escaping.
                if character == "\"" || character == "\\" { json += "\\" }
                json.append(character)
            }
            json += "\""
        }
        return json + "]"
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
