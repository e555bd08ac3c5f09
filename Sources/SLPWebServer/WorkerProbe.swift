#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `/healthz`'s look at the SCGI workers: one small SCGI request to every worker's socket at
/// once, marked `probeVariable` (a name lighttpd never sends, so no client can), which a worker
/// answers `Status: 200` the moment it takes it, touching nothing. The workers count as
/// answering when any of them has answered by the deadline; every worker stuck (frozen, or all
/// held by requests longer than that) is told in that time, not after lighttpd's backend
/// timeouts. Sending never blocks; a probe left unanswered waits in its worker's queue and is
/// answered into a closed socket later, which costs that worker next to nothing.
package final class WorkerProbe {
    /// The SCGI variable that marks the probe.
    package static let probeVariable = "SLP_HEALTH_PROBE"
    /// The variable that gives the health answerer the workers' sockets, one path a line.
    package static let socketsVariable = "SLP_HEALTH_WORKER_SOCKETS"
    /// How long the workers get to answer: far above a free worker's answer, well under the
    /// second in which `/healthz` must answer.
    package static let deadline: Duration = .milliseconds(500)

    private let sent: ContinuousClock.Instant
    private var descriptors: [Int32]

    /// Sends the probe to each of `sockets` (paths); a socket nothing listens on counts as not answering.
    package init(sockets: [String]) {
        sent = .now
        let request = Self.request
        descriptors = sockets.compactMap { path in
            guard let descriptor = UnixSocketPath(path: path).connectedWithoutBlocking() else { return nil }
            // A new Unix socket's buffer takes these few bytes whole.
            guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else {
                close(descriptor)
                return nil
            }
            return descriptor
        }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// The sockets listed in `value` (`socketsVariable`'s).
    package static func sockets(in value: String) -> [String] {
        value.split(separator: "\n").map(String.init)
    }

    /// The value of `socketsVariable` for `sockets`: paths hold no line break (`ServeDirectory`).
    package static func variableValue(_ sockets: [String]) -> String {
        sockets.joined(separator: "\n")
    }

    /// Whether a worker has answered 200 by `deadline` after the probe was sent (looking once
    /// more, without waiting, when that has already passed).
    package func anyAnswered() -> Bool {
        let expected = Array("Status: 200 ".utf8)
        var heads = [[UInt8]](repeating: [], count: descriptors.count)
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            var watched = descriptors.enumerated().compactMap { index, descriptor in
                heads[index].count < expected.count ? pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0) : nil
            }
            guard !watched.isEmpty else { return false }
            let left = Int32(max(0, ((sent + Self.deadline - .now) / .milliseconds(1)).rounded(.up)))
            let ready = poll(&watched, nfds_t(watched.count), left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            for entry in watched where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = read(entry.fd, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // A worker that closed without a word: no more from it.
                heads[index] += count > 0 ? Array(buffer[..<count]) : Array(repeating: 0, count: expected.count)
                if heads[index].count >= expected.count, Array(heads[index].prefix(expected.count)) == expected { return true }
            }
        }
    }

    /// The probe: an SCGI request (`CONTENT_LENGTH` first, `SCGI` 1) for `/healthz`, marked.
    private static var request: [UInt8] {
        let variables: [(String, String)] = [
            ("CONTENT_LENGTH", "0"), ("SCGI", "1"), ("REQUEST_METHOD", "GET"), ("REQUEST_URI", RouteTable.route(.health).template),
            ("SERVER_PROTOCOL", "HTTP/1.1"), (probeVariable, "1"),
        ]
        let head: [UInt8] = variables.flatMap { name, value -> [UInt8] in Array(name.utf8) + [0] + Array(value.utf8) + [0] }
        return Array("\(head.count):".utf8) + head + Array(",".utf8)
    }
}
