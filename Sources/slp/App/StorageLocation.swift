/// Where slp's data is: a SQLite file, or a PostgreSQL server named by a connection URI.
enum StorageLocation: Equatable, Sendable {
    /// An absolute file path; `isDefault` when nobody named it (then its directories may be made).
    case file(String, isDefault: Bool = false)
    /// A `postgresql://` or `postgres://` URI, as libpq reads it.
    case server(String)

    /// The location as `--db` takes it.
    var argument: String {
        switch self {
        case .file(let path, _): path
        case .server(let uri): uri
        }
    }

    /// The location for people to read: a server URI without its password, wherever the URI
    /// puts it (`user:password@` or `password=`).
    var display: String {
        switch self {
        case .file(let path, _): return path
        case .server(let uri): return Self.withoutPassword(uri)
        }
    }

    private static func withoutPassword(_ uri: String) -> String {
        var text = Substring(uri)
        var result = ""
        if let scheme = text.firstRange(of: "://") {
            result += text[..<scheme.upperBound]
            text = text[scheme.upperBound...]
            let authorityEnd = text.firstIndex { "/?".contains($0) } ?? text.endIndex
            if let at = text[..<authorityEnd].lastIndex(of: "@") {
                let userInfo = text[..<at]
                result += (userInfo.firstIndex(of: ":").map { userInfo[..<$0] + ":***" } ?? userInfo) + "@"
                text = text[text.index(after: at)...]
            }
        }
        guard let query = text.firstIndex(of: "?") else { return result + text }
        result += text[...query]
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
        }
        return result + parameters.joined(separator: "&")
    }
}
