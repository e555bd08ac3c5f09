#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPSupport

/// A user as stored: a row of `users` with the rows of `user_items` (bought items) and
/// `review_comments`, mapped to `User` and back. The only place that says which column holds
/// which field: a new stored field is a column in `changeable` with its value in
/// `changeableValues(of:)`, and a line in `user(_:)`.
enum UserRecord {
    /// Columns set once, at registration.
    static let fixed: TableColumns = ["uid", "phone", "birth", "created_at"]

    /// The reputation counts, in the order of `Reputation.counts`.
    static let reputation: TableColumns = ["rep_good_manners", "rep_punctual", "rep_quick_reply", "rep_kind", "rep_skilled", "rep_helpful"]

    /// The columns an update writes.
    static let changeable: TableColumns = ["email", "nick", "gender", "study"] + reputation + [
        "sesac", "background", "dodge_penalty_until", "dodge_num", "report_ban", "age_min", "age_max", "searchable", "fcm_token",
    ]

    /// Every column slp writes: what an insert gives, in the order of `values(of:)`.
    static let columns = fixed + changeable

    /// The columns a drawn person is stored with (`SeedBatch.writeUser`); the others keep their defaults.
    static let seeded: TableColumns = [
        "uid", "phone", "email", "nick", "birth", "gender", "sesac", "background", "age_min", "age_max", "searchable", "created_at",
    ]

    /// The values of `columns`.
    static func values(of user: User) -> [SQLValue] {
        [.text(user.uid.rawValue), .text(user.phone.e164), .text(user.birth.description), .integer(user.createdAt.unixMilliseconds)]
            + changeableValues(of: user)
    }

    /// The values of `changeable`.
    static func changeableValues(of user: User) -> [SQLValue] {
        [.text(user.email.value), .text(user.nick.value), .int(user.gender.rawValue), .text(user.study.value)]
            + user.reputation.counts.map(SQLValue.int) + [
                .int(user.sesac), .int(user.background), .optional(user.dodgePenaltyUntil) { .integer($0.unixMilliseconds) },
                .int(user.dodgeCount), .bool(user.reportBanCarried), .int(user.ageRange.min), .int(user.ageRange.max),
                .bool(user.searchable), .text(user.pushToken.value),
            ]
    }

    /// The user of a row of `columns(for:)`. Stored values went through the domain's rules when
    /// written, so a failure here means the data was changed by hand: corrupt data.
    static func user(_ row: some SQLRow) throws -> User {
        let id = row.int64("id")
        do {
            // Item 0 is everyone's and not stored.
            let sesacs = try numbers(row, "sesac_items", id: id), backgrounds = try numbers(row, "background_items", id: id)
            let birthParts = row.text("birth").split(separator: "-").compactMap { Int($0) }
            guard birthParts.count == 3, let gender = Gender(rawValue: row.int("gender")) else {
                throw StoredDataError(table: "users", id: id, detail: "birth or gender")
            }
            let reputation = Self.reputation.names.map(row.int)
            return User(
                uid: try UserID(row.text("uid")), phone: try PhoneNumber(row.text("phone")), email: try Email(row.text("email")),
                nick: try Nick(row.text("nick")),
                birth: BirthDate(stored: try CalendarDate(year: birthParts[0], month: birthParts[1], day: birthParts[2])),
                gender: gender, study: try FavoriteStudy(row.text("study")), comments: try texts(row, "comments", id: id),
                reputation: try Reputation(counts: reputation), sesac: row.int("sesac"),
                sesacCollection: [0] + sesacs, background: row.int("background"), backgroundCollection: [0] + backgrounds,
                reportedCount: row.int("reported_count"), reportBanCarried: row.bool("report_ban"),
                dodgePenaltyUntil: row.optionalInt64("dodge_penalty_until").map(Date.init(unixMilliseconds:)),
                dodgeCount: row.int("dodge_num"), ageRange: try AgeRange(min: row.int("age_min"), max: row.int("age_max")),
                searchable: row.bool("searchable"), pushToken: PushToken(stored: row.text("fcm_token")), createdAt: Date(unixMilliseconds: row.int64("created_at")))
        } catch let error as DomainError {
            throw StoredDataError(table: "users", id: id, detail: error.message)
        }
    }

    /// A user's row, how many users with an account reported them (a report whose reporter
    /// withdrew names no account: `SQLTransaction.keepReports`),
    /// and what they own as JSON arrays: their items of each kind by number, their comments
    /// oldest first. The user whole in one statement, the arrays written as `Executor`'s backend does.
    static func columns<Executor: SQLExecutor>(for _: Executor.Type) -> String {
        func items(_ kind: String) -> String {
            Executor.jsonArray(of: "item", from: "user_items i WHERE i.user_id = users.id AND i.kind = '\(kind)'", orderedBy: "item")
        }
        let comments = Executor.jsonArray(of: "comment", from: "review_comments c WHERE c.user_id = users.id", orderedBy: "id")
        return """
            users.*, (SELECT count(*) FROM reports r WHERE r.reported_id = users.id AND r.reporter_id IS NOT NULL) AS reported_count,
                \(items(sesacKind)) AS sesac_items, \(items(backgroundKind)) AS background_items, \(comments) AS comments
            """
    }

    /// The whole numbers of the JSON array in `column`.
    private static func numbers(_ row: some SQLRow, _ column: String, id: Int64) throws -> [Int] {
        try array(row, column, id: id).map { element in
            guard case .number(let number) = element, let whole = Int(exactly: number) else { throw corrupt(column, id: id) }
            return whole
        }
    }

    /// The strings of the JSON array in `column`.
    private static func texts(_ row: some SQLRow, _ column: String, id: Int64) throws -> [String] {
        try array(row, column, id: id).map { element in
            guard case .string(let text) = element else { throw corrupt(column, id: id) }
            return text
        }
    }

    private static func array(_ row: some SQLRow, _ column: String, id: Int64) throws -> [JSONScalar] {
        guard let elements = JSONReader.array(Array(row.text(column).utf8)) else { throw corrupt(column, id: id) }
        return elements
    }

    private static func corrupt(_ column: String, id: Int64) -> StoredDataError {
        StoredDataError(table: "users", id: id, detail: "\(column) is not a JSON array of its values")
    }

    /// `user_items.kind` of a sesac face and of a background.
    static let sesacKind = "sesac"
    static let backgroundKind = "background"

    /// The bought items of `user` (item 0 is everyone's), as rows of `user_items`.
    static func items(of user: User) -> [(kind: String, item: Int)] {
        user.sesacCollection.filter { $0 != 0 }.map { (sesacKind, $0) }
            + user.backgroundCollection.filter { $0 != 0 }.map { (backgroundKind, $0) }
    }
}
