import SLPDomain

extension RegisterUserUseCase.Request {
    /// A request that registers successfully on 2026-11-21; a test overrides what it is about.
    package static func stub(
        phone: String = "010-1234-5678",
        nick: String = "새싹",
        birth: CalendarDate = try! CalendarDate(year: 2000, month: 1, day: 15),
        email: String = "sesac@example.com",
        gender: Gender = .female,
        pushToken: String = ""
    ) -> RegisterUserUseCase.Request {
        RegisterUserUseCase.Request(phone: phone, nick: nick, birth: birth, email: email, gender: gender, pushToken: pushToken)
    }
}
