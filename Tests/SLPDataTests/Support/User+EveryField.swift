import Foundation
import SLPDomain

extension User {
    /// A user with every field away from its default but the reported count, which storage
    /// counts from the reports: four items beyond the free ones, two comments (one with quotes),
    /// dates at whole milliseconds.
    static func everyField(
        uid: String = "AbCdEf0123456789GhIjKl4567", phone: String = "010-1234-5678", nick: String = "새싹러버"
    ) throws -> User {
        User(
            uid: try UserID(uid), phone: try PhoneNumber(phone), email: try Email("Sesac.User@example.com"),
            nick: try Nick(nick), birth: BirthDate(stored: try CalendarDate(year: 1999, month: 2, day: 28)),
            gender: .male, study: try FavoriteStudy("Swift & iOS"), comments: ["좋아요", "it's \"great\""],
            reputation: try Reputation(counts: [1, 0, 2, 0, 3, 4]), sesac: 2, sesacCollection: [0, 2, 4],
            background: 7, backgroundCollection: [0, 1, 7],
            reportBanCarried: true, dodgePenaltyUntil: Date(timeIntervalSince1970: 1_763_000_120.456), dodgeCount: 2,
            ageRange: try AgeRange(min: 20, max: 35), searchable: false, pushToken: try PushToken("fcm-a1:B2_c3"),
            createdAt: Date(timeIntervalSince1970: 1_763_000_000.123))
    }
}
