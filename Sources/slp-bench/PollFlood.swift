import Foundation

/// The flood of the issue that moved long polls into the hub: one user holds 2,000
/// `GET /v1/events` long polls open (from several addresses, as a botnet would: one address may
/// hold 256) while another user asks `GET /v1/user` one request after another; how long those
/// take. Before the hub each poll was a process and the other user waited seconds.
enum PollFlood {
    static func measure(port: UInt16, flooder: SocketClients.Person, other: SocketClients.Person, polls: Int = 2_000, requests: Int = 300) -> Percentiles {
        var open: [Int32] = []
        defer { for descriptor in open { close(descriptor) } }
        for index in 0..<polls {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { break }
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr("127.0.2.\(2 + index / 200)")
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(port.bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, connected == 0 else {
                close(descriptor)
                continue
            }
            let request = Array("GET /v1/events?since=0&wait=60 HTTP/1.1\r\nHost: 127.0.0.1\r\nidtoken: \(flooder.token)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            open.append(descriptor)
        }
        let http = HTTPClient(port: port)
        var times: [Double] = []
        for _ in 0..<requests {
            let answer = http.send("GET", "/v1/user", token: other.token)
            if answer.status == 200 { times.append(answer.micros / 1_000) }
        }
        return Percentiles(times)
    }
}
