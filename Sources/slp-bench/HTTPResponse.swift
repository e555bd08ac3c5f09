import Foundation

/// One answer as the benchmark's client read it: the status (0 when the exchange failed), the
/// body (chunked transfer decoded) and the time it took.
struct HTTPResponse {
    let status: Int
    let body: [UInt8]
    let micros: Double
    /// The whole answer's bytes as they came (head, chunk sizes and body).
    var wireBytes = 0
    /// Its `Content-Encoding` (gzip, br), if compressed.
    var encoding: String?

    /// Status line, headers, blank line, body; nil when that is not what came.
    static func parse(_ bytes: [UInt8], micros: Double) -> HTTPResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.firstRange(of: separator) else { return nil }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n")
        let statusWords = head.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        let chunked = head.dropFirst().contains { line in
            line.lowercased().hasPrefix("transfer-encoding:") && line.lowercased().contains("chunked")
        }
        let encoding = head.dropFirst().first { $0.lowercased().hasPrefix("content-encoding:") }
            .map { $0.dropFirst("content-encoding:".count).trimmingCharacters(in: .whitespaces) }
        let rest = Array(bytes[end.upperBound...])
        guard chunked else { return HTTPResponse(status: status, body: rest, micros: micros, wireBytes: bytes.count, encoding: encoding) }
        guard let body = dechunk(rest) else { return nil }
        return HTTPResponse(status: status, body: body, micros: micros, wireBytes: bytes.count, encoding: encoding)
    }

    /// The data of a chunked body: hex size, CRLF, data, CRLF, … up to a chunk of size 0.
    private static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].firstRange(of: [13, 10]) else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return body }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { return nil }
            body += bytes[start..<(start + size)]
            index = start + size + 2
            guard index <= bytes.count else { return nil }
        }
    }

    /// The body as one JSON object, if it is one.
    var object: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }

    /// SLP's refusals (201–205) and slp's for rules SLP had no code for (409): the service
    /// answering, as the apps expect.
    var isRefusal: Bool { (201...205).contains(status) || status == 409 }
}
