import SLPWebServer

/// An endpoint of SLP's API (SPEC §6) or slp's own `events` as a request names it: its line of
/// `RouteTable` and the partner's uid where the path holds one.
struct APIRoute: Sendable {
    let route: Route
    /// The path's variable segment (`/v1/chat/{uid}`), as the path gives it; empty where it has none.
    let partner: String

    var name: RouteName { route.name }

    /// The methods the path takes.
    var methods: [String] { route.methods }

    /// The bucket a request of `method` here takes a token from (`WriteLimits`): nil for a read,
    /// every GET and the search, which changes nothing although the apps POST it.
    func writeKind(method: String) -> WriteKind? {
        switch (name, method) {
        case (_, "GET"), (.search, _): nil
        case (.chat, _): .chat
        default: .other
        }
    }
}
