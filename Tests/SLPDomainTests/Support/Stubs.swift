import Foundation
import SLPDomain

extension User {
    /// A valid user with every field defaulted; override what a test is about.
    static func stub(
        uid: String = "U1",
        phone: String = "010-1234-5678",
        email: String = "sesac@example.com",
        nick: String = "새싹",
        birth: (Int, Int, Int) = (2000, 1, 15),
        gender: Gender = .female,
        study: String = "",
        comments: [String] = [],
        ageRange: (Int, Int) = (18, 65),
        searchable: Bool = true,
        createdAt: Date = Date(timeIntervalSince1970: 1_763_000_000.123)
    ) throws -> User {
        User(
            uid: try UserID(uid), phone: try PhoneNumber(phone), email: try Email(email), nick: try Nick(nick),
            birth: BirthDate(stored: try CalendarDate(year: birth.0, month: birth.1, day: birth.2)),
            gender: gender, study: try FavoriteStudy(study), comments: comments,
            ageRange: try AgeRange(min: ageRange.0, max: ageRange.1), searchable: searchable, createdAt: createdAt)
    }
}

extension RegisterUserUseCase.Request {
    /// A request that registers successfully on 2026-11-21.
    static func stub(
        phone: String = "010-1234-5678",
        nick: String = "새싹",
        birth: CalendarDate = try! CalendarDate(year: 2000, month: 1, day: 15),
        email: String = "sesac@example.com",
        gender: Gender = .female
    ) -> RegisterUserUseCase.Request {
        RegisterUserUseCase.Request(phone: phone, nick: nick, birth: birth, email: email, gender: gender)
    }
}
