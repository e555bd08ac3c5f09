import Foundation

/// A small HTTP/1.1 client on a socket to 127.0.0.1: one request per connection (`Connection:
/// close`), as the SLP apps' Alamofire sends them without keep-alive, timed from before the
/// connect to the last byte of the answer. No Foundation networking, as in the product.
struct HTTPClient: Sendable {
    let port: UInt16

    /// The answer, or a transport failure (refused, reset, unreadable): counted as an error.
    /// `acceptEncoding`: the encodings it takes (`Accept-Encoding`), none when nil.
    func send(_ method: String, _ target: String, token: String?, form: String? = nil, acceptEncoding: String? = nil) -> HTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nUser-Agent: slp-bench\r\n"
        if let token { head += "idtoken: \(token)\r\n" }
        if let acceptEncoding { head += "Accept-Encoding: \(acceptEncoding)\r\n" }
        let body = form.map { Array($0.utf8) } ?? []
        if form != nil {
            head += "Content-Type: application/x-www-form-urlencoded; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        }
        let request = Array((head + "\r\n").utf8) + body
        let started = Stopwatch.now()
        let answer = exchange(request)
        let micros = Double(Stopwatch.now() - started) / 1_000
        guard let answer else { return HTTPResponse(status: 0, body: [], micros: micros) }
        return HTTPResponse.parse(answer, micros: micros) ?? HTTPResponse(status: 0, body: [], micros: micros)
    }

    private func exchange(_ request: [UInt8]) -> [UInt8]? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            sent += count
        }
        var answer: [UInt8] = []
        answer.reserveCapacity(4_096)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                answer += chunk[..<count]
            } else if count == 0 {
                return answer
            } else if errno != EINTR {
                return answer.isEmpty ? nil : answer
            }
        }
    }

    /// A port of 127.0.0.1 nothing listens on now.
    static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(socket, pointer, length) == 0 else { return -1 }
                return getsockname(socket, pointer, &length)
            }
        }
        guard bound == 0 else { throw LoadFailure("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// True once something accepts connections on the port.
    func accepts() -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
