import SLPSupport

/// How a person names the user they act as (`--as UID|PHONE`): a uid or a phone number.
public enum UserReference: Hashable, Sendable {
    case uid(UserID)
    case phone(PhoneNumber)

    /// The reference `text` makes; nil when it is missing, empty or can name nobody.
    public init?(_ text: String?) {
        guard let text = text?.trimmingWhitespace, !text.isEmpty else { return nil }
        if PhoneNumber.looksLikePhone(text) {
            guard let phone = try? PhoneNumber(text) else { return nil }
            self = .phone(phone)
        } else {
            guard let uid = try? UserID(text) else { return nil }
            self = .uid(uid)
        }
    }
}
