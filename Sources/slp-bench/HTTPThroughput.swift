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
    /// Uids in a sample of the plain answers (every 16th of each client, so that counting takes
    /// little of the cores the server shares): 28 random base62 characters each, as Firebase's
    /// and the seeded ones are, log2(62) bits a character that no compressor can go under.
    let sampledUIDs: Int
    let sampledAnswers: Int

    /// The bytes of an answer's uids' randomness alone, on average: a floor under any encoding.
    var uidFloorBytesPerAnswer: Double { Double(sampledUIDs) * 28 * log2(62) / 8 / Double(max(1, sampledAnswers)) }

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
        let results = ThreadGroup.run(clients) { client -> (Int, Int, [Double], Int, Int, Int, (uids: Int, answers: Int)) in
            let http = HTTPClient(port: port)
            var answers = 0, errors = 0, serverErrors = 0, times: [Double] = [], bytes = 0, encoded = 0, sample = (uids: 0, answers: 0)
            var n = 0
            while Stopwatch.now() < deadline {
                let (method, target, token, form) = request(client, n)
                let answer = http.send(method, target, token: token, form: form, acceptEncoding: acceptEncoding)
                n += 1
                times.append(answer.micros)
                bytes += answer.wireBytes
                if answer.encoding != nil {
                    encoded += 1
                } else if n % 16 == 1 {
                    sample = (sample.uids + Self.uidCount(answer.body), sample.answers + 1)
                }
                if expected.contains(answer.status) { answers += 1 } else { errors += 1 }
                if (500...599).contains(answer.status) { serverErrors += 1 }
            }
            return (answers, errors, times, serverErrors, bytes, encoded, sample)
        }
        let elapsed = Double(Stopwatch.now() - started) / 1e9
        let after = CPUSample(postmaster: nil)
        return HTTPThroughput(
            label: label, clients: clients, seconds: elapsed, answers: results.reduce(0) { $0 + $1.0 },
            errors: results.reduce(0) { $0 + $1.1 }, serverErrors: results.reduce(0) { $0 + $1.3 }, latency: Percentiles(results.flatMap(\.2)),
            machineCores: (after.machine - before.machine) / elapsed, wireBytes: results.reduce(0) { $0 + $1.4 },
            encodedAnswers: results.reduce(0) { $0 + $1.5 }, sampledUIDs: results.reduce(0) { $0 + $1.6.uids },
            sampledAnswers: results.reduce(0) { $0 + $1.6.answers })
    }

    private static let uidKey = Array(#""uid":""#.utf8)

    /// How many times `"uid":"` occurs in `body`.
    private static func uidCount(_ body: [UInt8]) -> Int {
        guard body.count >= uidKey.count else { return 0 }
        var count = 0, index = 0
        while index + uidKey.count <= body.count {
            if body[index] == uidKey[0], body[index..<(index + uidKey.count)].elementsEqual(uidKey) {
                count += 1
                index += uidKey.count
            } else {
                index += 1
            }
        }
        return count
    }
}
