/// The head of a request lighttpd hands the hub: method, target and headers, names lowercased.
package struct HTTPRequestHead: Equatable, Sendable {
    package var method: String
    /// The path and query as sent (`/socket.io/?EIO=4&transport=polling`).
    package var target: String
    package var headers: [(name: String, value: String)]

    package init(method: String, target: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.headers = headers
    }

    package static func == (left: HTTPRequestHead, right: HTTPRequestHead) -> Bool {
        left.method == right.method && left.target == right.target
            && left.headers.elementsEqual(right.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value of header `name` (lowercase).
    package func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The path, without the query.
    package var path: Substring { target.prefix { $0 != "?" } }

    /// The query's parameters, percent-escapes left as sent (the values the hub reads are
    /// plain: `EIO`, `transport`, `sid`, `since`, `wait`).
    package var query: [(name: Substring, value: Substring)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (pair, "") }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
    }

    /// The first value of query parameter `name`.
    package func parameter(_ name: String) -> Substring? {
        query.first { $0.name == name }?.value
    }

    /// Whether the request asks to switch to WebSocket (RFC 6455 §4.2.1).
    package var isWebSocketUpgrade: Bool {
        method == "GET" && header("upgrade")?.lowercased() == "websocket"
            && header("connection")?.lowercased().split(separator: ",").contains { $0.trimmingSpaces == "upgrade" } == true
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    var trimmingSpaces: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[first...last]
    }
}
