#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users as the SLP API spells them.
enum UserJSON {
    /// The full user object of `GET /user`.
    static func user(_ user: User, now: Date) -> JSONValue {
        .object([
            ("uid", .string(user.uid.rawValue)),
            ("phoneNumber", .string(user.phone.e164)),
            ("email", .string(user.email.value)),
            ("nick", .string(user.nick.value)),
            ("birth", .string(Timestamp.format(user.birth.date.startOfDayUTC))),
            ("gender", .int(user.gender.rawValue)),
            ("study", .string(user.study.value)),
            ("comment", .array(user.comments.map(JSONValue.string))),
            ("reputation", .array(user.reputation.counts.map(JSONValue.int))),
            ("sesac", .int(user.sesac)),
            ("sesacCollection", .array(user.sesacCollection.map(JSONValue.int))),
            ("background", .int(user.background)),
            ("backgroundCollection", .array(user.backgroundCollection.map(JSONValue.int))),
            ("reportedNum", .int(user.reportedCount)),
            ("dodgepenalty", .int(user.penaltySecondsLeft(at: now))),
            ("dodgeNum", .int(user.dodgeCount)),
            ("ageMin", .int(user.ageRange.min)),
            ("ageMax", .int(user.ageRange.max)),
            ("searchable", .int(user.searchable ? 1 : 0)),
            ("createdAt", .string(Timestamp.format(user.createdAt))),
        ])
    }

    /// What anyone registered may see of another user.
    static func profile(_ profile: PublicProfile) -> JSONValue {
        .object([
            ("uid", .string(profile.uid.rawValue)),
            ("nick", .string(profile.nick.value)),
            ("gender", .int(profile.gender.rawValue)),
            ("study", .string(profile.study.value)),
            ("comment", .array(profile.comments.map(JSONValue.string))),
            ("reputation", .array(profile.reputation.counts.map(JSONValue.int))),
            ("sesac", .int(profile.sesac)),
            ("background", .int(profile.background)),
            ("createdAt", .string(Timestamp.format(profile.createdAt))),
        ])
    }
}
