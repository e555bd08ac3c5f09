#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPTestSupport

/// The body of a request whose head the server has read, sent one byte a second from a thread
/// of its own: often enough that lighttpd's read timeout (5 s) never drops the request, however
/// long the test takes meanwhile, and never all of it until `finish`. A request under way on a
/// slow machine as on a fast one.
final class TricklingBody: @unchecked Sendable {
    private let connection: WebSocketTestClient
    private let lock = NSLock()
    /// What is still to send; the trickle leaves the last byte to `finish`.
    private var rest: [UInt8]
    private var finished = false

    init(_ connection: WebSocketTestClient, _ body: String) {
        self.connection = connection
        rest = Array(body.utf8)
        Thread { [self] in trickle() }.start()
    }

    private func trickle() {
        while true {
            // A pace, not a wait: one byte within each read timeout of lighttpd's.
            Thread.sleep(forTimeInterval: 1)
            let going = lock.withLock {
                guard !finished, rest.count > 1 else { return false }
                write([rest.removeFirst()])
                return true
            }
            guard going else { return }
        }
    }

    /// Writes `bytes` on the connection; a connection the server has dropped fails the test on
    /// its answer, not with SIGPIPE.
    private func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends what is left; the answer (the connection closes after it).
    func finish() -> String {
        lock.withLock {
            finished = true
            write(rest)
            rest = []
        }
        return String(decoding: connection.readToEnd(), as: UTF8.self)
    }
}
