/// Reads requests from a connection as their bytes arrive: the head (at most `maxHeadBytes`),
/// then a body of `Content-Length` bytes (at most `maxBodyBytes`). What lies beyond one request
/// stays for the next, or for the WebSocket frames that follow an upgrade.
package struct HTTPRequestReader: Sendable {
    package let maxHeadBytes: Int
    package let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    private var head: HTTPRequestHead?
    private var bodyLength = 0

    /// Why a request cannot be read: the status to answer before closing.
    package struct Failure: Error, Equatable, Sendable {
        package let status: Int
        package let reason: String
    }

    package init(maxHeadBytes: Int, maxBodyBytes: Int) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    package mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Takes what is buffered beyond the requests read (a WebSocket's first frames).
    package mutating func takeRest() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    /// The next whole request, head and body; nil until its bytes have come.
    package mutating func next() throws(Failure) -> (head: HTTPRequestHead, body: [UInt8])? {
        if head == nil {
            guard let end = Self.endOfHead(buffer) else {
                guard buffer.count <= maxHeadBytes else { throw Failure(status: 431, reason: "a request head over \(maxHeadBytes) bytes") }
                return nil
            }
            guard end <= maxHeadBytes else { throw Failure(status: 431, reason: "a request head over \(maxHeadBytes) bytes") }
            let parsed = try Self.parse(buffer[..<(end - 4)])
            buffer.removeFirst(end)
            if let transfer = parsed.header("transfer-encoding"), transfer.lowercased() != "identity" {
                throw Failure(status: 411, reason: "a body without a length")
            }
            var length = 0
            if let value = parsed.header("content-length") {
                guard (1...18).contains(value.utf8.count), value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value) else {
                    throw Failure(status: 400, reason: "a Content-Length that is not a number")
                }
                length = number
            }
            guard length <= maxBodyBytes else { throw Failure(status: 413, reason: "a body over \(maxBodyBytes) bytes") }
            head = parsed
            bodyLength = length
        }
        guard let request = head, buffer.count >= bodyLength else { return nil }
        let body = Array(buffer[..<bodyLength])
        buffer.removeFirst(bodyLength)
        head = nil
        return (request, body)
    }

    /// The index just past the blank line that ends the head.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }

    private static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> HTTPRequestHead {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(status: 400, reason: "a head that is not UTF-8") }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { throw Failure(status: 400, reason: "no request line") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].first == "/", parts[2].hasPrefix("HTTP/1.") else {
            throw Failure(status: 400, reason: "a malformed request line")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw Failure(status: 400, reason: "a malformed header line")
            }
            headers.append((line[..<colon].lowercased(), String(line[line.index(after: colon)...].trimmingSpaces)))
        }
        guard headers.filter({ $0.name == "content-length" }).count <= 1 else { throw Failure(status: 400, reason: "two Content-Lengths") }
        return HTTPRequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }
}
