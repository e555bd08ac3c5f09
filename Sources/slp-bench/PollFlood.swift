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
            guard let descriptor = try? LoopbackSocket.connect(port: port, from: "127.0.2.\(2 + index / 200)") else { continue }
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
