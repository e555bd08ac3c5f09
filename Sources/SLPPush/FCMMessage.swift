import SLPSupport

/// One push to one device, as FCM HTTP v1 takes it: always an alert (the SLP apps handle no
/// silent push), its `data` keys arriving as strings at the top of iOS's `userInfo`.
package struct FCMMessage: Sendable {
    /// The device's FCM registration token.
    package let token: String
    package let title: String
    package let body: String
    /// In the order written; every value a string, as FCM requires.
    package let data: [(key: String, value: String)]
    /// `apns-collapse-id`: a repeated send of one event shows once on the phone (≤ 64 bytes).
    package let collapseID: String

    package init(token: String, title: String, body: String, data: [(key: String, value: String)], collapseID: String) {
        self.token = token
        self.title = title
        self.body = body
        self.data = data
        self.collapseID = collapseID
    }

    /// The body of `POST /v1/projects/{id}/messages:send`.
    package var json: [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        writer.key("message")
        writer.beginObject()
        writer.key("token")
        writer.string(token)
        writer.key("notification")
        writer.beginObject()
        writer.key("title")
        writer.string(title)
        writer.key("body")
        writer.string(body)
        writer.endObject()
        writer.key("data")
        writer.beginObject()
        for (key, value) in data {
            writer.key(key)
            writer.string(value)
        }
        writer.endObject()
        writer.key("apns")
        writer.beginObject()
        writer.key("headers")
        writer.beginObject()
        writer.key("apns-priority")
        writer.string("10")
        writer.key("apns-push-type")
        writer.string("alert")
        writer.key("apns-collapse-id")
        writer.string(collapseID)
        writer.endObject()
        writer.key("payload")
        writer.beginObject()
        writer.key("aps")
        writer.beginObject()
        writer.key("sound")
        writer.string("default")
        writer.endObject()
        writer.endObject()
        writer.endObject()
        writer.key("android")
        writer.beginObject()
        writer.key("priority")
        writer.string("high")
        writer.endObject()
        writer.endObject()
        writer.endObject()
        return Array(writer.text.utf8)
    }
}
