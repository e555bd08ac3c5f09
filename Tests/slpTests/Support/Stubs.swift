import Foundation
import SLPDomain

@testable import slp

struct StoppedClock: TimeProvider {
    var now: Date
}

struct CountingIDs: UserIDGenerator {
    func next() -> UserID { try! UserID("U\(UUID().uuidString.filter(\.isLetter).prefix(12))") }
}

/// 2026-11-21T09:30:00.000Z
let testNow = Date(timeIntervalSince1970: 1_795_253_400)

extension RegisterUserUseCase.Request {
    static func stub(
        phone: String = "010-1234-5678", nick: String = "새싹", birth: CalendarDate = try! CalendarDate(year: 1998, month: 3, day: 14),
        email: String = "sesac@example.com", gender: Gender = .female
    ) -> Self {
        Self(phone: phone, nick: nick, birth: birth, email: email, gender: gender)
    }
}

extension User {
    static func stub(uid: String = "U1", phone: String = "010-1111-2222", nick: String = "새싹") -> User {
        User(
            uid: try! UserID(uid), phone: try! PhoneNumber(phone), email: try! Email("a@example.com"),
            nick: try! Nick(nick), birth: BirthDate(stored: try! CalendarDate(year: 1998, month: 3, day: 14)),
            gender: .female, createdAt: testNow)
    }
}
