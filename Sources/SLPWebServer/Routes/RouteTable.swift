/// Every path `slp serve` answers, declared once: its template, methods, who answers it and
/// whether it needs a token. slp's API router matches through it, lighttpd's configuration sends
/// each path to its answerer from it, the hub tells its paths apart by it, and logs and metrics
/// label requests by its templates. A new endpoint or public path is one line here (and the code
/// that answers its `RouteName`).
package enum RouteTable {
    package static let routes: [Route] = [
        Route("/v1/user", .user, ["GET", "POST"]),
        Route("/v1/user/mypage", .myPage, ["PUT"]),
        Route("/v1/user/withdraw", .withdraw, ["POST"]),
        Route("/v1/user/update_fcm_token", .pushToken, ["PUT"]),
        Route("/v1/user/report", .report, ["POST"]),
        Route("/v1/user/shop/myinfo", .shopInfo, ["GET"]),
        Route("/v1/user/shop/item", .shopItem, ["POST"]),
        Route("/v1/user/shop/ios", .shopPurchase, ["POST"]),
        Route("/v1/queue", .queue, ["POST", "DELETE"]),
        Route("/v1/queue/search", .search, ["POST"]),
        Route("/v1/queue/myQueueState", .queueState, ["GET"]),
        Route("/v1/queue/studyrequest", .studyRequest, ["POST"]),
        Route("/v1/queue/studyaccept", .studyAccept, ["POST"]),
        Route("/v1/queue/dodge", .dodge, ["POST"]),
        Route("/v1/queue/rate/{uid}", .rate, ["POST"]),
        Route("/v1/chat/{uid}", .chat, ["GET", "POST"]),
        Route("/v1/events", .events, ["GET"], by: .hub),
        Route("/socket.io/", .socketIO, ["GET", "POST"], by: .hub),
        Route("/healthz", .health, ["GET", "HEAD"], token: false),
        // The web client (`WebClientFiles`): its page, its files under their content hash, and
        // Debian's Leaflet.
        Route("/", .page, ["GET", "HEAD"], by: .files, token: false),
        Route("/app/{hash}/{path+}", .pageFile, ["GET", "HEAD"], by: .files, token: false),
        Route("/vendor/leaflet/{path+}", .leaflet, ["GET", "HEAD"], by: .files, token: false),
    ]

    /// The route `path` names and the values of its variable segments, in order; nil for a path
    /// serve does not have (404). A trailing slash is the same path (as SLP's server read it);
    /// an empty segment inside is not (`/` alone is the page's).
    package static func match(_ path: some StringProtocol) -> (route: Route, values: [String])? {
        guard path.hasPrefix("/") else { return nil }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        guard parts.count == 1 || !parts.contains("") else { return nil }
        let segments = parts.map { Substring($0) }
        for route in routes {
            if let values = route.match(segments) { return (route, values) }
        }
        return nil
    }

    /// The template of the route `path` names (`/v1/chat/{uid}` for `/v1/chat/abc`); nil: not
    /// a path of serve's. What requests are labelled by, as it holds no uid.
    package static func template(of path: some StringProtocol) -> String? {
        match(path)?.route.template
    }

    /// The route named `name`.
    package static func route(_ name: RouteName) -> Route {
        // Every name has its line (RouteTableTests).
        routes.first { $0.name == name }!
    }

    /// A regular expression (POSIX extended, as lighttpd's `=~`) matching every path `answerer`
    /// answers and whatever lies under it (`^/(v1/events|socket\.io)(/|$)`): what lighttpd sends there.
    package static func pattern(answeredBy answerer: RouteAnswerer) -> String {
        let alternatives = routes.filter { $0.answerer == answerer }.map(expression)
        return "^/(" + alternatives.joined(separator: "|") + ")(/|$)"
    }

    /// A regular expression (as `pattern(answeredBy:)`) matching exactly the path `name` names,
    /// with or without a trailing slash.
    package static func pattern(of name: RouteName) -> String {
        "^/" + expression(route(name)) + "/?$"
    }

    /// A regular expression (as `pattern(answeredBy:)`) matching exactly the paths `answerer`
    /// answers, with or without a trailing slash (`^/(|app/[^/]+/[^/]+(/[^/]+)*)/?$`).
    package static func exactPattern(answeredBy answerer: RouteAnswerer) -> String {
        "^/(" + routes.filter { $0.answerer == answerer }.map(expression).joined(separator: "|") + ")/?$"
    }

    /// `route`'s segments as a regular expression: each variable one any segment, a `{path+}`
    /// one or more.
    private static func expression(_ route: Route) -> String {
        route.segments.map { segment in
            switch segment {
            case .fixed(let text): escaped(text)
            case .variable: "[^/]+"
            case .rest: "[^/]+(/[^/]+)*"
            }
        }.joined(separator: "/")
    }

    /// The first segments of the paths `answerer` answers (`v1`, `healthz`), in the table's order.
    package static func roots(answeredBy answerer: RouteAnswerer) -> [String] {
        var roots: [String] = []
        for route in routes where route.answerer == answerer {
            guard case .fixed(let text) = route.segments[0] else { continue }
            let root = String(text)
            if !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    /// `text` as a regular expression that matches it alone.
    static func escaped(_ segment: some StringProtocol) -> String {
        var text = ""
        for character in segment {
            if "\\.^$|?*+()[]{}".contains(character) { text.append("\\") }
            text.append(character)
        }
        return text
    }
}
