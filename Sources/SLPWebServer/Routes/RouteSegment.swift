/// One segment of a route's template, read once when the route is declared.
enum RouteSegment: Sendable, Equatable {
    /// A segment the path must hold as it is (`queue`).
    case fixed(Substring)
    /// Any one segment (`{uid}`).
    case variable
    /// One or more segments, slashes kept (`{path+}`); only last.
    case rest

    init(_ text: Substring) {
        if text.hasPrefix("{") && text.hasSuffix("+}") {
            self = .rest
        } else if text.hasPrefix("{") && text.hasSuffix("}") {
            self = .variable
        } else {
            self = .fixed(text)
        }
    }
}
