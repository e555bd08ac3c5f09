/// Who a request's token proves its caller is, as the hub's composition decides it: a user who
/// may use the hub (registered), or the answer that refuses them (as the API refuses them: 401,
/// 406, 503).
package enum HubCaller: Sendable {
    case user(String)
    case refused(HubRefusal)
}
