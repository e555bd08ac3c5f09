#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A user as stored: a row of `users` with the rows of `user_items` (bought items) and
/// `review_comments`, mapped to `User` and back. The only place that says which column holds
/// which field: a new stored field is a line in `columns(of:)` and one in `user(_:owned:)`.
enum UserRecord {
    /// The user's columns and their values, by name: all of them for an insert; `update`
    /// leaves out the `fixed` ones.
    static func columns(of user: User) -> [(name: String, value: SQLValue)] {
        let counts = user.reputation.counts
        return [
            ("uid", .text(user.uid.rawValue)),
            ("phone", .text(user.phone.e164)),
            ("email", .text(user.email.value)),
            ("nick", .text(user.nick.value)),
            ("birth", .text(user.birth.description)),
            ("gender", .int(user.gender.rawValue)),
            ("study", .text(user.study.value)),
            ("rep_good_manners", .int(counts[0])),
            ("rep_punctual", .int(counts[1])),
            ("rep_quick_reply", .int(counts[2])),
            ("rep_kind", .int(counts[3])),
            ("rep_skilled", .int(counts[4])),
            ("rep_helpful", .int(counts[5])),
            ("sesac", .int(user.sesac)),
            ("background", .int(user.background)),
            ("dodge_penalty_until", .optional(user.dodgePenaltyUntil) { .integer($0.unixMilliseconds) }),
            ("dodge_num", .int(user.dodgeCount)),
            ("report_ban", .bool(user.reportBanCarried)),
            ("age_min", .int(user.ageRange.min)),
            ("age_max", .int(user.ageRange.max)),
            ("searchable", .bool(user.searchable)),
            ("fcm_token", .text(user.pushToken.value)),
            ("created_at", .integer(user.createdAt.unixMilliseconds)),
        ]
    }

    /// Columns set once, at registration.
    static let fixed: Set<String> = ["uid", "phone", "birth", "created_at"]

    /// The user of a row of `selection`, owning `items` (kind and number; item 0 is everyone's
    /// and not stored) and `comments` (oldest first). Stored values went through the domain's
    /// rules when written, so a failure here means the data was changed by hand: corrupt data.
    static func user(_ row: some SQLRow, items: [(kind: String, item: Int)], comments: [String]) throws -> User {
        let id = row.int64("id")
        do {
            let birthParts = row.text("birth").split(separator: "-").compactMap { Int($0) }
            guard birthParts.count == 3, let gender = Gender(rawValue: row.int("gender")) else {
                throw StoredDataError(table: "users", id: id, detail: "birth or gender")
            }
            let reputation = ["rep_good_manners", "rep_punctual", "rep_quick_reply", "rep_kind", "rep_skilled", "rep_helpful"].map(row.int)
            return User(
                uid: try UserID(row.text("uid")), phone: try PhoneNumber(row.text("phone")), email: try Email(row.text("email")),
                nick: try Nick(row.text("nick")),
                birth: BirthDate(stored: try CalendarDate(year: birthParts[0], month: birthParts[1], day: birthParts[2])),
                gender: gender, study: try FavoriteStudy(row.text("study")), comments: comments,
                reputation: try Reputation(counts: reputation), sesac: row.int("sesac"),
                sesacCollection: [0] + items.filter { $0.kind == sesacKind }.map(\.item), background: row.int("background"),
                backgroundCollection: [0] + items.filter { $0.kind == backgroundKind }.map(\.item),
                reportedCount: row.int("reported_count"), reportBanCarried: row.bool("report_ban"),
                dodgePenaltyUntil: row.optionalInt64("dodge_penalty_until").map(Date.init(unixMilliseconds:)),
                dodgeCount: row.int("dodge_num"), ageRange: try AgeRange(min: row.int("age_min"), max: row.int("age_max")),
                searchable: row.bool("searchable"), pushToken: PushToken(stored: row.text("fcm_token")), createdAt: Date(unixMilliseconds: row.int64("created_at")))
        } catch let error as DomainError {
            throw StoredDataError(table: "users", id: id, detail: error.message)
        }
    }

    /// A user's row and how many users with an account reported them (their reports go with them).
    static let selection = """
        SELECT users.*, (SELECT count(*) FROM reports r WHERE r.reported_id = users.id) AS reported_count FROM users
        """

    /// `user_items.kind` of a sesac face and of a background.
    static let sesacKind = "sesac"
    static let backgroundKind = "background"

    /// The bought items of `user` (item 0 is everyone's), as rows of `user_items`.
    static func items(of user: User) -> [(kind: String, item: Int)] {
        user.sesacCollection.filter { $0 != 0 }.map { (sesacKind, $0) }
            + user.backgroundCollection.filter { $0 != 0 }.map { (backgroundKind, $0) }
    }
}
