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
    /// The template's segments after the first `/`, a trailing slash dropped (`/socket.io/` is
    /// `socket.io`): read once here, as every request is matched against them.
    let segments: [RouteSegment]

    init(_ template: String, _ name: RouteName, _ methods: [String], by answerer: RouteAnswerer = .workers, token needsToken: Bool = true) {
        self.name = name
        self.template = template
        self.methods = methods
        self.answerer = answerer
        self.needsToken = needsToken
        var parts = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        segments = parts.map(RouteSegment.init)
    }

    /// The variable segments of `parts` (a path's segments) if they are this route's; nil if not.
    /// A `{path+}` segment's value is the rest of the path, its slashes kept.
    func match(_ parts: [Substring]) -> [String]? {
        let own = segments
        if own.last == .rest {
            guard parts.count >= own.count, var values = Self.fixedMatch(own.dropLast(), parts.prefix(own.count - 1)) else { return nil }
            values.append(parts.dropFirst(own.count - 1).joined(separator: "/"))
            return values
        }
        guard own.count == parts.count else { return nil }
        return Self.fixedMatch(own[...], parts[...])
    }

    /// The variable segments of `parts` if they match `own` one by one; nil if not.
    private static func fixedMatch(_ own: ArraySlice<RouteSegment>, _ parts: ArraySlice<Substring>) -> [String]? {
        var values: [String] = []
        for (mine, theirs) in zip(own, parts) {
            switch mine {
            case .fixed(let text): if text != theirs { return nil }
            case .variable, .rest: values.append(String(theirs))
            }
        }
        return values
    }
}
