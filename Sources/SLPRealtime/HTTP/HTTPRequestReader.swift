/// Reads requests from a connection as their bytes arrive: the head (at most `maxHeadBytes`)
/// on its own, so that a request can be refused before its body comes, then a body of
/// `Content-Length` bytes or in chunks (at most `maxBodyBytes` either way, refused as soon as
/// it would pass them). What lies beyond one request stays for the next, or for the WebSocket
/// frames that follow an upgrade.
package struct HTTPRequestReader: Sendable {
    package let maxHeadBytes: Int
    package let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    /// The head of the request being read, once whole, until its body is.
    private var head: HTTPRequestHead?
    private var framing = Framing.length(0)
    /// A chunked body's bytes so far.
    private var decoded: [UInt8] = []

    /// How the body of the request being read ends.
    private enum Framing: Sendable {
        case length(Int)
        /// `Transfer-Encoding: chunked` (RFC 9112 §7.1), where the reader stands in it.
        case chunked(ChunkStage)
    }

    private enum ChunkStage: Sendable {
        /// A chunk-size line comes next.
        case size
        /// `left` bytes of the current chunk, then its CRLF.
        case data(left: Int)
        /// Trailer lines until an empty one; `read` bytes of them so far.
        case trailer(read: Int)
    }

    /// The longest chunk-size line (the size in hex and any extensions).
    private static let maxChunkLine = 1_024

    /// Why a request cannot be read: the status to answer before closing, and slp's code and
    /// message for it.
    package struct Failure: Error, Equatable, Sendable {
        package let status: Int
        package let code: String
        package let reason: String

        static func badRequest(_ reason: String) -> Failure { Failure(status: 400, code: "bad_request", reason: reason) }
    }

    package init(maxHeadBytes: Int, maxBodyBytes: Int) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    package mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes taken in and not yet read as part of a request.
    package var bufferedBytes: Int { buffer.count }

    /// Takes what is buffered beyond the requests read (a WebSocket's first frames).
    package mutating func takeRest() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    /// The next whole request, head and body; nil until its bytes have come.
    package mutating func next() throws(Failure) -> (head: HTTPRequestHead, body: [UInt8])? {
        guard let head = try readHead(), let body = try readBody() else { return nil }
        return (head, body)
    }

    /// The head of the next request once it has come, whether or not its body has; the same
    /// head until `readBody` gives its body.
    package mutating func readHead() throws(Failure) -> HTTPRequestHead? {
        if let head { return head }
        guard let end = Self.endOfHead(buffer) else {
            guard buffer.count <= maxHeadBytes else { throw Self.headTooLarge(maxHeadBytes) }
            return nil
        }
        guard end <= maxHeadBytes else { throw Self.headTooLarge(maxHeadBytes) }
        let parsed = try Self.parse(buffer[..<(end - 4)])
        buffer.removeFirst(end)
        let length = parsed.header("content-length")
        switch parsed.header("transfer-encoding")?.lowercased() {
        case nil, "identity":
            var bytes = 0
            if let length {
                guard (1...18).contains(length.utf8.count), length.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(length) else {
                    throw .badRequest("a Content-Length that is not a number")
                }
                bytes = number
            }
            guard bytes <= maxBodyBytes else { throw bodyTooLarge }
            framing = .length(bytes)
        case "chunked":
            // Both would let two readers see two different bodies (RFC 9112 §6.3).
            guard length == nil else { throw .badRequest("both a Content-Length and chunks") }
            framing = .chunked(.size)
            decoded = []
        default:
            throw Failure(status: 411, code: "length_required", reason: "a body without a length or chunks")
        }
        head = parsed
        return parsed
    }

    /// The body of the request whose head was read, once it has all come (chunks decoded as
    /// they come); the reader then stands at the next request.
    package mutating func readBody() throws(Failure) -> [UInt8]? {
        guard head != nil else { return nil }
        let body: [UInt8]
        switch framing {
        case .length(let length):
            guard buffer.count >= length else { return nil }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        case .chunked:
            guard try readChunks() else { return nil }
            body = decoded
            decoded = []
        }
        head = nil
        framing = .length(0)
        return body
    }

    /// Reads what has come of a chunked body; true once its last chunk and trailer are in.
    private mutating func readChunks() throws(Failure) -> Bool {
        while case .chunked(let stage) = framing {
            switch stage {
            case .size:
                guard let end = Self.endOfLine(buffer) else {
                    guard buffer.count <= Self.maxChunkLine else { throw .badRequest("a chunk size line too long") }
                    return false
                }
                guard end <= Self.maxChunkLine, let size = Self.chunkSize(buffer[..<(end - 2)]) else {
                    throw .badRequest("a chunk size that is not a hexadecimal number")
                }
                buffer.removeFirst(end)
                guard size <= maxBodyBytes - decoded.count else { throw bodyTooLarge }
                framing = .chunked(size == 0 ? .trailer(read: 0) : .data(left: size))
            case .data(let left):
                let taken = min(left, buffer.count)
                decoded += buffer[..<taken]
                buffer.removeFirst(taken)
                guard taken == left, buffer.count >= 2 else {
                    framing = .chunked(.data(left: left - taken))
                    return false
                }
                guard buffer[0] == 0x0D, buffer[1] == 0x0A else { throw .badRequest("a chunk longer than its size") }
                buffer.removeFirst(2)
                framing = .chunked(.size)
            case .trailer(let read):
                guard let end = Self.endOfLine(buffer) else {
                    guard read + buffer.count <= maxHeadBytes else { throw Self.headTooLarge(maxHeadBytes) }
                    return false
                }
                guard read + end <= maxHeadBytes else { throw Self.headTooLarge(maxHeadBytes) }
                buffer.removeFirst(end)
                if end == 2 { return true }
                framing = .chunked(.trailer(read: read + end))
            }
        }
        return true
    }

    private var bodyTooLarge: Failure {
        Failure(status: 413, code: "request_too_large", reason: "a body over \(maxBodyBytes) bytes")
    }

    private static func headTooLarge(_ bound: Int) -> Failure {
        Failure(status: 431, code: "headers_too_large", reason: "a request head over \(bound) bytes")
    }

    /// A chunk-size line's size: hexadecimal digits, then perhaps `;` and extensions.
    private static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.prefix { $0 != 0x3B }.filter { $0 != 0x20 && $0 != 0x09 }
        guard (1...15).contains(digits.count) else { return nil }
        var size = 0
        for digit in digits {
            switch digit {
            case 0x30...0x39: size = size << 4 | Int(digit - 0x30)
            case 0x41...0x46: size = size << 4 | Int(digit - 0x37)
            case 0x61...0x66: size = size << 4 | Int(digit - 0x57)
            default: return nil
            }
        }
        return size
    }

    /// The index just past the first CRLF.
    private static func endOfLine(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 1..<bytes.count where bytes[index] == 0x0A && bytes[index - 1] == 0x0D {
            return index + 1
        }
        return nil
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
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .badRequest("a head that is not UTF-8") }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { throw .badRequest("no request line") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].first == "/", parts[2].hasPrefix("HTTP/1.") else {
            throw .badRequest("a malformed request line")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw .badRequest("a malformed header line")
            }
            headers.append((line[..<colon].lowercased(), String(line[line.index(after: colon)...].trimmingSpaces)))
        }
        guard headers.filter({ $0.name == "content-length" }).count <= 1 else { throw .badRequest("two Content-Lengths") }
        guard headers.filter({ $0.name == "transfer-encoding" }).count <= 1 else { throw .badRequest("two Transfer-Encodings") }
        return HTTPRequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }
}
