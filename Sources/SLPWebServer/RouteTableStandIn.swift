/// Stand-in for health's route table until issue51-health is merged (then deleted): a path's
/// template, nil when the path is not one serve answers.
enum RouteTable {
    static func template(of path: String) -> String? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        if parts.first == "socket.io" { return "/socket.io/" }
        guard parts.first == "v1", parts.count > 1 else { return nil }
        let rest = Array(parts.dropFirst())
        let fixed = [
            ["user"], ["user", "mypage"], ["user", "withdraw"], ["user", "update_fcm_token"], ["user", "report"],
            ["user", "shop", "myinfo"], ["user", "shop", "item"], ["user", "shop", "ios"], ["queue"], ["queue", "search"],
            ["queue", "myQueueState"], ["queue", "studyrequest"], ["queue", "studyaccept"], ["queue", "dodge"], ["events"],
        ]
        if fixed.contains(rest) { return "/v1/" + rest.joined(separator: "/") }
        if rest.count == 3, rest[0] == "queue", rest[1] == "rate", !rest[2].isEmpty { return "/v1/queue/rate/{uid}" }
        if rest.count == 2, rest[0] == "chat", !rest[1].isEmpty { return "/v1/chat/{uid}" }
        return nil
    }
}
