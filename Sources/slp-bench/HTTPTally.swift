/// What the simulated apps saw, endpoint by endpoint: every request's time and how it ended.
/// 200 is done; SLP's refusals (201–205, and 409) are the service answering; 429 is a write
/// refused by the per-user limits (`too_many_writes`), which paced people should not meet; 5xx,
/// any other status and a failed exchange are errors.
struct HTTPTally: Sendable {
    struct Counts: Sendable {
        /// Every request's time, connect to last byte, whatever its answer.
        var micros: [Double] = []
        var done = 0
        var refusals = 0
        var limited = 0
        var serverErrors = 0
        var otherErrors = 0
    }

    private(set) var endpoints: [HTTPEndpoint: Counts] = [:]
    /// The first few distinct errors, to say what went wrong.
    private(set) var errorSamples: [String] = []

    var requests: Int { endpoints.values.reduce(0) { $0 + $1.micros.count } }
    var serverErrors: Int { endpoints.values.reduce(0) { $0 + $1.serverErrors } }
    var otherErrors: Int { endpoints.values.reduce(0) { $0 + $1.otherErrors } }
    var refusals: Int { endpoints.values.reduce(0) { $0 + $1.refusals } }
    var limited: Int { endpoints.values.reduce(0) { $0 + $1.limited } }

    subscript(endpoint: HTTPEndpoint) -> Counts { endpoints[endpoint] ?? Counts() }

    /// Every write's time, all endpoints together.
    var writeMicros: [Double] { endpoints.filter { $0.key.isWrite }.flatMap { $0.value.micros } }

    mutating func record(_ endpoint: HTTPEndpoint, _ response: HTTPResponse) {
        var counts = endpoints[endpoint] ?? Counts()
        counts.micros.append(response.micros)
        switch response.status {
        case 200: counts.done += 1
        case _ where response.isRefusal: counts.refusals += 1
        case 429: counts.limited += 1
        case 500...599:
            counts.serverErrors += 1
            note("\(endpoint.rawValue): \(response.status) \(String(decoding: response.body.prefix(160), as: UTF8.self))")
        default:
            counts.otherErrors += 1
            note("\(endpoint.rawValue): \(response.status == 0 ? "no answer" : "\(response.status)") \(String(decoding: response.body.prefix(160), as: UTF8.self))")
        }
        endpoints[endpoint] = counts
    }

    private mutating func note(_ line: String) {
        if errorSamples.count < 5, !errorSamples.contains(line) { errorSamples.append(line) }
    }

    mutating func merge(_ other: HTTPTally) {
        for (endpoint, counts) in other.endpoints {
            var mine = endpoints[endpoint] ?? Counts()
            mine.micros += counts.micros
            mine.done += counts.done
            mine.refusals += counts.refusals
            mine.limited += counts.limited
            mine.serverErrors += counts.serverErrors
            mine.otherErrors += counts.otherErrors
            endpoints[endpoint] = mine
        }
        for line in other.errorSamples { note(line) }
    }
}
