/// Which endpoint a path names; nil for a path the API does not have (404). A trailing slash
/// is the same path (as SLP's server read it).
enum APIRouter {
    static func route(path: String) -> APIRoute? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        guard path.hasPrefix("/"), parts.first == "v1", !parts.dropFirst().contains("") else { return nil }
        let route: APIRoute
        switch Array(parts.dropFirst()) {
        case ["user"]: route = .user
        case ["user", "mypage"]: route = .myPage
        case ["user", "withdraw"]: route = .withdraw
        case ["user", "update_fcm_token"]: route = .pushToken
        case ["user", "report"]: route = .report
        case ["user", "shop", "myinfo"]: route = .shopInfo
        case ["user", "shop", "item"]: route = .shopItem
        case ["user", "shop", "ios"]: route = .shopPurchase
        case ["queue"]: route = .queue
        case ["queue", "search"]: route = .search
        case ["queue", "myQueueState"]: route = .queueState
        case ["queue", "studyrequest"]: route = .studyRequest
        case ["queue", "studyaccept"]: route = .studyAccept
        case ["queue", "dodge"]: route = .dodge
        case let parts where parts.count == 3 && parts[0] == "queue" && parts[1] == "rate": route = .rate(String(parts[2]))
        case let parts where parts.count == 2 && parts[0] == "chat": route = .chat(String(parts[1]))
        case ["events"]: route = .events
        default: return nil
        }
        return route
    }
}
