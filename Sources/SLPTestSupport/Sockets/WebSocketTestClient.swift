#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A raw client of the realtime hub: on its Unix socket as lighttpd is one, or on a connection
/// to lighttpd itself. Raw HTTP requests, and WebSocket frames after an upgrade, hostile ones
/// included. Reads give up after 10 s, so a test never hangs. Used by one thread at a time (a
/// test may hand one to a thread of its own), hence unchecked.
package final class WebSocketTestClient: @unchecked Sendable {
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Over a connection already open (to lighttpd), which it closes when done.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    package init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        if !isClosed { close(descriptor) }
    }

    /// Hangs up with a reset (as when an app is killed with unread data, or its network drops
    /// the connection), not an orderly close the server may take for a half-close.
    package func reset() {
        guard !isClosed else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
        isClosed = true
    }

    package func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    package func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// One request; the answer's status and body (the hub closes after it).
    package static func request(
        _ path: String, _ method: String, _ target: String, token: String?, body: String = ""
    ) throws -> (status: Int, body: String) {
        let client = try WebSocketTestClient(path: path)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: hub\r\n"
        if let token { head += "idtoken: \(token)\r\n" }
        if method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        client.send(head + "\r\n" + body)
        let answer = String(decoding: client.readToEnd(), as: UTF8.self)
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        let text = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
        return (status, text)
    }

    /// Bytes sent that the peer has not read yet (on a Unix socket, whose queue is charged to
    /// its sender until read): 0 once the server has read the request.
    package var unread: Int {
        var queued: Int32 = 0
        return ioctl(descriptor, UInt(TIOCOUTQ), &queued) == 0 ? Int(queued) : -1
    }

    /// Bytes the peer wrote that this client has not read yet.
    package var waiting: Int {
        var queued: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &queued) == 0 ? Int(queued) : -1
    }

    /// Whether the connection has something to read (or has ended) within `seconds`.
    package func hasInput(within seconds: Double = 0) -> Bool {
        if !buffer.isEmpty { return true }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, Int32(seconds * 1_000)) > 0
    }

    /// One HTTP answer with its `Content-Length` body (the connection may stay open), as text;
    /// what came when the connection ends first.
    package func readResponse() -> String {
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + 4 + length {
                    defer { buffer.removeFirst(end + 4 + length) }
                    return String(decoding: buffer[..<(end + 4 + length)], as: UTF8.self)
                }
            }
            guard fill() else { return String(decoding: buffer, as: UTF8.self) }
        }
    }

    package func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Sends a WebSocket upgrade to `target` and reads the answer's head; its status.
    package func upgrade(_ target: String, token: String?) -> Int {
        var head = "GET \(target) HTTP/1.1\r\nHost: hub\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let token { head += "idtoken: \(token)\r\n" }
        send(head + "\r\n")
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) {
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            guard fill() else { return 0 }
        }
    }

    /// A masked text frame, as clients send them.
    package func sendFrame(_ text: String, opcode: UInt8 = 0x1, masked: Bool = true) {
        send(clientFrame(opcode, Array(text.utf8), masked: masked))
    }

    /// The next frame from the server: its opcode and payload; nil when the connection ended.
    package func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
        while true {
            if buffer.count >= 2 {
                var length = Int(buffer[1] & 0x7F), offset = 2
                if length == 126, buffer.count >= 4 { (length, offset) = (Int(buffer[2]) << 8 | Int(buffer[3]), 4) }
                if length == 127, buffer.count >= 10 { (length, offset) = (buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }, 10) }
                if length < 126 || offset > 2, buffer.count >= offset + length {
                    let frame = (buffer[0] & 0x0F, Array(buffer[offset..<(offset + length)]))
                    buffer.removeFirst(offset + length)
                    return frame
                }
            }
            guard fill() else { return nil }
        }
    }

    /// The next text frame's text.
    package func readText() -> String? {
        readFrame().map { String(decoding: $0.payload, as: UTF8.self) }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
