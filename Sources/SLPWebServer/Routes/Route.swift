/// One path `slp serve` answers, as `RouteTable` declares it.
package struct Route: Sendable, Equatable {
    package let name: RouteName
    /// The path with each variable segment in braces (`/v1/queue/rate/{uid}`): what logs and
    /// metrics may name, never the path itself (it may hold a uid).
    package let template: String
    /// The methods the path takes (others: 405 with `Allow`).
    package let methods: [String]
    package let answerer: RouteAnswerer
    /// Whether a caller must prove who they are (`idtoken`); a path without is public.
    package let needsToken: Bool

    init(_ template: String, _ name: RouteName, _ methods: [String], by answerer: RouteAnswerer = .workers, token needsToken: Bool = true) {
        self.name = name
        self.template = template
        self.methods = methods
        self.answerer = answerer
        self.needsToken = needsToken
    }

    /// The template's segments after the first `/`, a trailing slash dropped (`/socket.io/` is `socket.io`).
    var segments: [Substring] {
        var parts = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        return Array(parts)
    }

    /// Whether a template's segment stands for any one segment (`{uid}`).
    static func isVariable(_ segment: Substring) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }

    /// The variable segments of `parts` (a path's segments) if they are this route's; nil if not.
    func match(_ parts: [Substring]) -> [String]? {
        let own = segments
        guard own.count == parts.count else { return nil }
        var values: [String] = []
        for (mine, theirs) in zip(own, parts) {
            if Self.isVariable(mine) {
                values.append(String(theirs))
            } else if mine != theirs {
                return nil
            }
        }
        return values
    }
}
