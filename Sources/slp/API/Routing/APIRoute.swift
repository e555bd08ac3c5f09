/// The endpoints of SLP's API (SPEC §6) and slp's own `events`: what a path names.
enum APIRoute: Equatable, Sendable {
    /// `GET` (login: my record), `POST` (register).
    case user
    case myPage
    case withdraw
    case pushToken
    /// `POST` (enter), `DELETE` (leave).
    case queue
    case search
    case queueState
    case studyRequest
    case studyAccept
    case dodge
    /// The partner's uid as the path gives it.
    case rate(String)
    case report
    /// `GET` (read), `POST` (send); the partner's uid as the path gives it.
    case chat(String)
    case shopInfo
    case shopItem
    case shopPurchase
    case events

    /// The methods the path takes.
    var methods: [String] {
        switch self {
        case .user: ["GET", "POST"]
        case .queue: ["POST", "DELETE"]
        case .chat: ["GET", "POST"]
        case .myPage, .pushToken: ["PUT"]
        case .queueState, .shopInfo, .events: ["GET"]
        case .withdraw, .search, .studyRequest, .studyAccept, .dodge, .rate, .report, .shopItem, .shopPurchase: ["POST"]
        }
    }

    /// The bucket a request of `method` here takes a token from (`WriteLimits`): nil for a read,
    /// every GET and the search, which changes nothing although the apps POST it.
    func writeKind(method: String) -> WriteKind? {
        switch (self, method) {
        case (_, "GET"), (.search, _): nil
        case (.chat, _): .chat
        default: .other
        }
    }
}
