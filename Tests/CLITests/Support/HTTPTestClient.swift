import Foundation

/// A minimal HTTP/1.1 client over a socket to 127.0.0.1, sending exactly the bytes a test
/// writes (raw colons in a query, no Content-Type, a body of `=`), one request per connection.
/// Every exchange has a deadline: a server (or an `slp` behind it) that stops answering fails the
/// test instead of hanging the suite.
struct HTTPTestClient {
    struct Response {
        let status: Int
        let headers: [(String, String)]
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    let port: Int
    /// Seconds a send or a wait for the answer may take: beyond the longest long poll (60 s).
    var patience: Double = SLPBinary.patience
    /// The loopback address requests come from (127.0.0.1 unless said otherwise: 127.0.0.2 is
    /// another address on the same machine).
    var source = "127.0.0.1"
    /// Whether a write refused for its pace (429 `too_many_writes`) is sent again once its
    /// `Retry-After` has passed, as a client that writes faster than a person does must.
    var waitsOutWriteLimits = false

    /// `headers` as given (no Content-Type unless named); Content-Length for a body.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: Data? = nil) throws -> Response {
        var response = try sendOnce(method, target, headers: headers, body: body)
        while waitsOutWriteLimits, response.status == 429, response.text.contains("too_many_writes"),
              let seconds = response.header("Retry-After").flatMap(Double.init), seconds <= 60 {
            Thread.sleep(forTimeInterval: seconds)
            response = try sendOnce(method, target, headers: headers, body: body)
        }
        return response
    }

    private func sendOnce(_ method: String, _ target: String, headers: [(String, String)], body: Data?) throws -> Response {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Length: \(body.count)\r\n" }
        var bytes = Data((request + "\r\n").utf8)
        if let body { bytes += body }
        return try Self.response(try exchange(bytes))
    }

    /// Sends `request` exactly as written (requests no well-behaved client sends); the answer.
    func raw(_ request: String) throws -> Response {
        try Self.response(try exchange(Data(request.utf8)))
    }

    /// An answer's status, headers and (dechunked) body.
    static func response(_ answer: Data) throws -> Response {
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { throw HTTPTestError("no header end in \(String(decoding: answer, as: UTF8.self))") }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw HTTPTestError("bad status line \(head[0])") }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = Data(answer[end.upperBound...])
        let chunked = headers.contains { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }
        return Response(status: status, headers: headers, body: chunked ? try dechunked(body) : body)
    }

    /// A chunked body's data (HTTP/1.1: hex size, CRLF, data, CRLF, … up to a chunk of size 0),
    /// as slp serve streams a long answer.
    private static func dechunked(_ body: Data) throws -> Data {
        var data = Data()
        var index = body.startIndex
        while true {
            guard let lineEnd = body[index...].range(of: Data("\r\n".utf8)) else { throw HTTPTestError("a chunk without its size line") }
            let sizeText = String(decoding: body[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw HTTPTestError("bad chunk size \(sizeText)") }
            if size == 0 { return data }
            guard lineEnd.upperBound + size + 2 <= body.endIndex else { throw HTTPTestError("a chunk cut short") }
            data += body[lineEnd.upperBound..<(lineEnd.upperBound + size)]
            index = lineEnd.upperBound + size + 2
        }
    }

    /// A form body as SLP's clients send it (`application/x-www-form-urlencoded`).
    func form(_ method: String, _ path: String, token: String?, _ body: String, contentType: String? = "application/x-www-form-urlencoded") throws -> Response {
        var headers: [(String, String)] = []
        if let token { headers.append(("idtoken", token)) }
        if let contentType { headers.append(("Content-Type", contentType)) }
        return try send(method, path, headers: headers, body: Data(body.utf8))
    }

    func get(_ target: String, token: String?) throws -> Response {
        try send("GET", target, headers: token.map { [("idtoken", $0)] } ?? [])
    }

    /// A socket connected to the server from `source`, with the patience as its timeouts.
    func connect() throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HTTPTestError("socket: \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(socket)
            throw HTTPTestError("bind to \(source): \(errno)")
        }
        var limit = timeval(tv_sec: Int(patience), tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            guard setsockopt(socket, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
                close(socket)
                throw HTTPTestError("setsockopt: \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw HTTPTestError("connect to port \(port): \(errno)")
        }
        return socket
    }

    private func exchange(_ request: Data) throws -> Data {
        let socket = try connect()
        defer { close(socket) }
        var sent = 0
        try request.withUnsafeBytes { bytes in
            while sent < bytes.count {
                let count = Foundation.send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPTestError("port \(port) took no request within \(Int(patience)) s") }
                guard count > 0 else { throw HTTPTestError("send: \(errno)") }
                sent += count
            }
        }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count > 0 {
                answer.append(contentsOf: chunk[..<count])
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw HTTPTestError("port \(port) did not finish its answer within \(Int(patience)) s; it sent: \(String(decoding: answer, as: UTF8.self))")
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return answer
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(socket, pointer, length) == 0 else { return -1 }
                return getsockname(socket, pointer, &length)
            }
        }
        guard bound == 0 else { throw HTTPTestError("no free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
