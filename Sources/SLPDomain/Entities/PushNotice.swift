/// What one push says to a phone: the alert the user sees and the `data` the app routes on
/// (`PushRules.notice(for:)`). Every `data` value is a non-empty string, as FCM requires.
public struct PushNotice: Equatable, Sendable {
    public let route: PushRoute
    /// The alert's title and body, in the apps' Korean.
    public let title: String
    public let body: String
    /// FCM's `data`, in order: exactly one routing key (`route`), and for a chat the sender and the text.
    public let data: [(key: String, value: String)]

    public init(route: PushRoute, title: String, body: String, data: [(key: String, value: String)]) {
        self.route = route
        self.title = title
        self.body = body
        self.data = data
    }

    public static func == (left: PushNotice, right: PushNotice) -> Bool {
        left.route == right.route && left.title == right.title && left.body == right.body
            && left.data.map(\.key) == right.data.map(\.key) && left.data.map(\.value) == right.data.map(\.value)
    }
}
