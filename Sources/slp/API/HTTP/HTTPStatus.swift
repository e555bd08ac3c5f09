/// HTTP statuses as SLP used them: 200 done; 201–205 a service rule said no; 401 who are you;
/// 406 not registered; 501 a bad request; 500 the server failed. slp adds 404, 405, 409 (a rule
/// SLP had no status for), 429 (writing too fast) and 503 (busy: try again).
enum HTTPStatus {
    /// The status that answers `failure`: its SLP status when it has one.
    static func of(_ failure: Failure) -> Int {
        if let status = failure.status { return status }
        switch failure.exitCode {
        case .usage: return 501
        case .refused: return 409
        case .busy: return 503
        case .success, .dataError, .unavailable, .software, .cannotCreate, .ioError, .configuration, .interrupted: return 500
        }
    }

    /// The reason phrase of a CGI `Status:` line.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 409: "Conflict"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Unknown"
        }
    }
}
