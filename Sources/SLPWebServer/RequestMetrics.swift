/// serve's count of the requests lighttpd answered, from its access lines (`method path status
/// microseconds`), kept in the metrics file: by route template and status, and each route's
/// durations. A path serve does not answer counts as the route `other`, so no label ever holds
/// a path or a uid. serve's loop alone uses it.
final class RequestMetrics {
    /// The route of every path that is not one of serve's.
    static let otherRoute = "other"

    private let file: MetricsFile
    private var pairs: [String: [Int: Int]] = [:]
    private var routes: [String: Int] = [:]

    /// Counting into `file`.
    init(file: MetricsFile) {
        self.file = file
    }

    /// `line` as serve prints it, uncounted (no `--metrics`).
    static func printed(_ line: String) -> String {
        parse(line).map(printed) ?? line
    }

    private static func printed(_ request: Request) -> String {
        "\(request.method) \(request.path) \(request.status) \(request.microseconds / 1_000) ms"
    }

    /// Counts the request of `line` (lighttpd's access line) and gives the line as serve
    /// prints it: `method path status milliseconds ms`, the path without its query. A line of
    /// another shape is given back as it is, uncounted.
    func take(_ line: String) -> String {
        guard let request = Self.parse(line) else { return line }
        let route = RouteTable.template(of: request.path) ?? Self.otherRoute
        if let pair = pair(route: route, status: request.status), let entry = routeEntry(route) {
            file.count(pair: pair, route: entry, microseconds: request.microseconds)
        }
        return Self.printed(request)
    }

    /// The parts of an access line (`LighttpdConfiguration.accessFormat`).
    typealias Request = (method: Substring, path: Substring, status: Int, microseconds: UInt64)

    /// The numbers first, then the request line: its method, its target (which may hold spaces,
    /// so the protocol is read from the end) up to the query. A line lighttpd could not read has
    /// an empty request line.
    static func parse(_ line: String) -> Request? {
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let status = Int(fields[0]), let microseconds = UInt64(fields[1]) else { return nil }
        let requestLine = fields[2]
        let method = requestLine.prefix { $0 != " " }
        let rest = requestLine.dropFirst(method.count + 1)
        let target = rest.lastIndex(of: " ").map { rest[..<$0] } ?? rest
        return (method, target.prefix { $0 != "?" }, status, microseconds)
    }

    private func pair(route: String, status: Int) -> Int? {
        if let index = pairs[route]?[status] { return index }
        guard let index = file.addPair(route: route, status: status) else { return nil }
        pairs[route, default: [:]][status] = index
        return index
    }

    private func routeEntry(_ route: String) -> Int? {
        if let index = routes[route] { return index }
        guard let index = file.addRoute(route) else { return nil }
        routes[route] = index
        return index
    }
}
