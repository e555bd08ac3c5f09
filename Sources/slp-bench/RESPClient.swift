import Foundation

/// A minimal Redis client (RESP2 over TCP on loopback), enough to load data and time commands.
final class RESPClient {
    enum Reply: Equatable {
        case simple(String)
        case error(String)
        case integer(Int)
        case bulk(String?)
        case array([Reply])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int32
    private var buffer: [UInt8] = []
    private var position = 0

    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to redis on port \(port)")
        }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(socket) }

    /// Sends one command and waits for its reply.
    @discardableResult
    func call(_ arguments: [String]) throws -> Reply {
        try send([arguments])
        return try readReply()
    }

    /// Sends many commands at once (pipelining) and reads all their replies.
    func pipeline(_ commands: [[String]]) throws -> [Reply] {
        try send(commands)
        return try commands.map { _ in try readReply() }
    }

    private func send(_ commands: [[String]]) throws {
        var bytes: [UInt8] = []
        for arguments in commands {
            bytes += "*\(arguments.count)\r\n".utf8
            for argument in arguments {
                bytes += "$\(argument.utf8.count)\r\n".utf8
                bytes += argument.utf8
                bytes += "\r\n".utf8
            }
        }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write to redis failed") }
            sent += written
        }
    }

    private func readByte() throws -> UInt8 {
        if position == buffer.count {
            buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "redis closed the connection") }
            buffer.removeSubrange(count...)
            position = 0
        }
        defer { position += 1 }
        return buffer[position]
    }

    private func readLine() throws -> String {
        var line: [UInt8] = []
        while true {
            let byte = try readByte()
            if byte == UInt8(ascii: "\r") {
                _ = try readByte()
                return String(decoding: line, as: UTF8.self)
            }
            line.append(byte)
        }
    }

    private func readReply() throws -> Reply {
        let kind = try readByte()
        let line = try readLine()
        switch kind {
        case UInt8(ascii: "+"): return .simple(line)
        case UInt8(ascii: "-"): return .error(line)
        case UInt8(ascii: ":"): return .integer(Int(line) ?? 0)
        case UInt8(ascii: "$"):
            let length = Int(line) ?? -1
            guard length >= 0 else { return .bulk(nil) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for _ in 0..<length { bytes.append(try readByte()) }
            _ = try readByte()
            _ = try readByte()
            return .bulk(String(decoding: bytes, as: UTF8.self))
        case UInt8(ascii: "*"):
            let count = Int(line) ?? -1
            guard count >= 0 else { return .array([]) }
            return .array(try (0..<count).map { _ in try readReply() })
        default:
            throw Failure(description: "unexpected RESP reply type \(kind)")
        }
    }
}
