import Foundation
import SLPDomain

extension User {
    /// A valid user with every field defaulted; a test overrides what it is about. Invalid
    /// values are a bug in the test, so they stop it.
    package static func stub(
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
    ) -> User {
        try! User(
            uid: UserID(uid), phone: PhoneNumber(phone), email: Email(email), nick: Nick(nick),
            birth: BirthDate(stored: CalendarDate(year: birth.0, month: birth.1, day: birth.2)),
            gender: gender, study: FavoriteStudy(study), comments: comments,
            ageRange: AgeRange(min: ageRange.0, max: ageRange.1), searchable: searchable, createdAt: createdAt)
    }
}
