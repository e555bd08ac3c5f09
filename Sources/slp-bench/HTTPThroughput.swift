import Foundation

/// K clients sending one kind of request, each the next as soon as the answer has come, for
/// a fixed time: how many answers a second the server gives, and how fast.
struct HTTPThroughput: Sendable {
    let label: String
    let clients: Int
    let seconds: Double
    let answers: Int
    /// Answers with a status other than the expected ones, or none at all.
    let errors: Int
    /// Of those, answers 500–599.
    let serverErrors: Int
    let latency: Percentiles
    /// Cores the whole machine kept busy meanwhile (this benchmark and anyone else).
    let machineCores: Double
    /// The answers' bytes as they came over the connection, all together.
    let wireBytes: Int
    /// Answers that came compressed (`Content-Encoding`).
    let encodedAnswers: Int

    var perSecond: Double { Double(answers) / seconds }
    /// Bytes an answer took on the wire, on average.
    var bytesPerAnswer: Double { Double(wireBytes) / Double(max(1, answers + errors)) }

    /// `request(client, n)` is client `client`'s n-th request; `expected` the statuses that count;
    /// `acceptEncoding` what every request says it takes (nothing when nil).
    static func measure(
        _ label: String, port: UInt16, clients: Int, seconds: Double, expected: Set<Int>, acceptEncoding: String? = nil,
        request: @escaping @Sendable (Int, Int) -> (method: String, target: String, token: String?, form: String?)
    ) -> HTTPThroughput {
        let before = CPUSample(postmaster: nil)
        let started = Stopwatch.now()
        let deadline = started + UInt64(seconds * 1e9)
        let results = ThreadGroup.run(clients) { client -> (Int, Int, [Double], Int, Int, Int) in
            let http = HTTPClient(port: port)
            var answers = 0, errors = 0, serverErrors = 0, times: [Double] = [], bytes = 0, encoded = 0
            var n = 0
            while Stopwatch.now() < deadline {
                let (method, target, token, form) = request(client, n)
                let answer = http.send(method, target, token: token, form: form, acceptEncoding: acceptEncoding)
                n += 1
                times.append(answer.micros)
                bytes += answer.wireBytes
                if answer.encoding != nil { encoded += 1 }
                if expected.contains(answer.status) { answers += 1 } else { errors += 1 }
                if (500...599).contains(answer.status) { serverErrors += 1 }
            }
            return (answers, errors, times, serverErrors, bytes, encoded)
        }
        let elapsed = Double(Stopwatch.now() - started) / 1e9
        let after = CPUSample(postmaster: nil)
        return HTTPThroughput(
            label: label, clients: clients, seconds: elapsed, answers: results.reduce(0) { $0 + $1.0 },
            errors: results.reduce(0) { $0 + $1.1 }, serverErrors: results.reduce(0) { $0 + $1.3 }, latency: Percentiles(results.flatMap(\.2)),
            machineCores: (after.machine - before.machine) / elapsed, wireBytes: results.reduce(0) { $0 + $1.4 },
            encodedAnswers: results.reduce(0) { $0 + $1.5 })
    }
}
