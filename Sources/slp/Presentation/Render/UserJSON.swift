#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users as the SLP API spells them.
enum UserJSON {
    /// The full user object of `GET /user`, every key SLP's server sent, in its order, none
    /// null: a client written for SLP decodes it. `FCMtoken` is the one the app registered (empty
    /// from the command line); the payment lists have no counterpart here and are empty.
    static func user(_ record: MyRecord, now: Date) -> JSONValue {
        .object(fields(record, now: now))
    }

    /// The user object's keys, for documents that extend it (the shop's).
    static func fields(_ record: MyRecord, now: Date) -> [(String, JSONValue)] {
        let user = record.user
        return [
            ("_id", .string(DocumentID.of(user))),
            ("uid", .string(user.uid.rawValue)),
            ("phoneNumber", .string(user.phone.e164)),
            ("email", .string(user.email.value)),
            ("FCMtoken", .string(user.pushToken.value)),
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
            ("purchaseToken", .array([])),
            ("transactionId", .array([])),
            ("reviewedBefore", .array(record.reviewed.map { .string($0.rawValue) })),
            ("reportedNum", .int(user.reportedCount)),
            ("reportedUser", .array(record.reported.map { .string($0.rawValue) })),
            ("dodgepenalty", .int(user.penaltySecondsLeft(at: now))),
            ("dodgeNum", .int(user.dodgeCount)),
            ("ageMin", .int(user.ageRange.min)),
            ("ageMax", .int(user.ageRange.max)),
            ("searchable", .int(user.searchable ? 1 : 0)),
            ("createdAt", .string(Timestamp.format(user.createdAt))),
            ("__v", .int(0)),
        ]
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
