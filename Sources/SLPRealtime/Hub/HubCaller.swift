/// Who a request's token proves its caller is, as the hub's composition decides it: a user who
/// may use the hub (registered), or the answer that refuses them (as the API refuses them: 401,
/// 406, 503). A user proved by a token carries how long until it expires (nil: asked by uid).
package enum HubCaller: Sendable {
    case user(String, expiresIn: Duration? = nil)
    case refused(HubRefusal)
}
