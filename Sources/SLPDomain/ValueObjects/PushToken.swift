/// Where the SLP app receives its pushes (`FCMtoken`, a Firebase Cloud Messaging registration
/// token): kept as the app sends it, and only given back to its owner. Empty when there is none.
public struct PushToken: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// FCM tokens are about 160 characters; the bound leaves room for any future format.
    public static let maxLength = 4096
    public static let none = PushToken(validated: "")

    /// Printable ASCII without spaces (FCM tokens are letters, digits, `:`, `_` and `-`), at
    /// most `maxLength`; empty means none.
    public init(_ raw: String) throws {
        guard raw.utf8.count <= PushToken.maxLength else {
            throw DomainError.invalid("invalid_fcm_token", "an FCM token has at most \(PushToken.maxLength) characters")
        }
        guard raw.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw DomainError.invalid("invalid_fcm_token", "an FCM token is printable ASCII without spaces")
        }
        value = raw
    }

    /// A token read back from storage, checked when it was stored.
    package init(stored value: String) {
        self.value = value
    }

    private init(validated value: String) {
        self.value = value
    }

    public var description: String { value }
}
