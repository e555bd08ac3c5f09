import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `slp` started as an SCGI worker, as lighttpd starts one for `slp serve`: a listening Unix
/// socket (in `directory`) as its standard input. Stopped with SIGTERM when released.
final class SCGITestWorker {
    let path: String
    let process: BackgroundSLP

    init(_ slp: SLPBinary, in directory: TemporaryDirectory) throws {
        path = directory.path("scgi")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else { throw HTTPTestError("cannot listen at \(path)") }
        process = try BackgroundSLP(slp, [], standardInput: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    deinit { process.signal(SIGTERM) }

    /// An SCGI request as lighttpd sends one: the variables (`CONTENT_LENGTH` first), then the body.
    static func request(_ variables: [(String, String)], body: [UInt8] = []) -> [UInt8] {
        var head: [UInt8] = []
        for (name, value) in variables {
            head += Array(name.utf8) + [0]
            head += Array(value.utf8) + [0]
        }
        let length: [UInt8] = Array("\(head.count):".utf8)
        return length + head + Array(",".utf8) + body
    }

    /// An SCGI request for the API's `path` (`/v1/...`) as lighttpd sends one.
    static func request(_ method: String, _ path: String, token: String?, body: String = "") -> [UInt8] {
        var variables = [
            ("CONTENT_LENGTH", String(body.utf8.count)), ("SCGI", "1"), ("REQUEST_METHOD", method), ("SCRIPT_NAME", "/v1"),
            ("PATH_INFO", String(path.dropFirst(3))), ("QUERY_STRING", ""),
        ]
        if let token { variables.append(("HTTP_IDTOKEN", token)) }
        if !body.isEmpty { variables.append(("CONTENT_TYPE", "application/x-www-form-urlencoded")) }
        return request(variables, body: Array(body.utf8))
    }

    /// The status line of an answer (`Status: 200 OK`).
    static func status(_ answer: String) -> String { answer.components(separatedBy: "\r\n")[0] }

    /// Sends `request`, ends the sending side, and reads the answer to its end.
    func exchange(_ request: [UInt8]) throws -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = Self.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw HTTPTestError("cannot connect to \(path)") }
        var timeout = timeval(tv_sec: Int(SLPBinary.patience), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                if count < 0 { throw HTTPTestError("no answer within \(SLPBinary.patience) s: \(String(cString: strerror(errno)))") }
                break
            }
            answer += chunk[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        return address
    }
}
