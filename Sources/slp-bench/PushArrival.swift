/// One push the fake FCM accepted: when its request was read (Unix seconds, the fake's clock,
/// this machine's), the collapse id (slp's event id), the device token, and the chat text it
/// carries (nil for the other kinds).
struct PushArrival: Sendable {
    let arrived: Double
    let collapseID: String
    let token: String
    let body: String?
}
