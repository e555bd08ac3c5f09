#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPRealtime

/// A client of a hub's Unix socket, as lighttpd is one: raw HTTP requests, and WebSocket frames
/// after an upgrade. Reads give up after 10 s, so a test never hangs. Used by one thread at a
/// time (a test may hand one to a thread of its own), hence unchecked.
final class HubTestClient: @unchecked Sendable {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw SystemCallError("connect", errno) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// One request; the answer's status and body (the hub closes after it).
    static func request(
        _ path: String, _ method: String, _ target: String, token: String?, body: String = ""
    ) throws -> (status: Int, body: String) {
        let client = try HubTestClient(path: path)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: hub\r\n"
        if let token { head += "idtoken: \(token)\r\n" }
        if method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        client.send(head + "\r\n" + body)
        let answer = String(decoding: client.readToEnd(), as: UTF8.self)
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        let text = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
        return (status, text)
    }

    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Sends a WebSocket upgrade to `target` and reads the answer's head; its status.
    func upgrade(_ target: String, token: String?) -> Int {
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
    func sendFrame(_ text: String, opcode: UInt8 = 0x1, masked: Bool = true) {
        send(clientFrame(opcode, Array(text.utf8), masked: masked))
    }

    /// The next frame from the server: its opcode and payload; nil when the connection ended.
    func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
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
    func readText() -> String? {
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
