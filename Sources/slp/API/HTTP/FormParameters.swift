/// A request's parameters as SLP's clients send them (`application/x-www-form-urlencoded`, in
/// the query and the body): pairs in the order sent, a repeated key making a list
/// (`studylist=a&studylist=b`), a key with brackets (`studylist[]`) the same key, and a pair with
/// an empty key (`?=`, a body of `=`) ignored.
struct FormParameters: Equatable, Sendable {
    private(set) var pairs: [Pair]

    struct Pair: Equatable, Sendable {
        let key: String
        let value: String
    }

    init(pairs: [Pair] = []) {
        self.pairs = pairs
    }

    /// The pairs of `text` added after the ones held; a malformed percent-escape, or bytes that
    /// are not UTF-8 once decoded, refuse the request (501).
    mutating func add(formEncoded text: some Collection<UInt8>) throws(Failure) {
        for field in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let (rawKey, rawValue): (ArraySlice<UInt8>, ArraySlice<UInt8>)
            let bytes = ArraySlice(field)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                (rawKey, rawValue) = (bytes[..<equals], bytes[(equals + 1)...])
            } else {
                (rawKey, rawValue) = (bytes, [])
            }
            var key = try Self.decode(rawKey)
            guard !key.isEmpty else { continue }
            if key.hasSuffix("[]") { key.removeLast(2) }
            pairs.append(Pair(key: key, value: try Self.decode(rawValue)))
        }
    }

    /// Every value sent for `key`, in order.
    func values(_ key: String) -> [String] {
        pairs.filter { $0.key == key }.map(\.value)
    }

    /// The value of `key`; nil when absent. Different values for one key are ambiguous (501);
    /// the same value twice (sent in the query and the body) is that value.
    func value(_ key: String) throws(Failure) -> String? {
        let all = values(key)
        guard let first = all.first else { return nil }
        guard all.allSatisfy({ $0 == first }) else { throw APIFailure.invalid(key, "was given different values") }
        return first
    }

    /// `+` is a space, `%XY` the byte XY (RFC 1866 and the WHATWG URL standard's form decoding).
    private static func decode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard bytes.endIndex - index > 2, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw APIFailure.malformed("a malformed percent-escape in the parameters") }
                decoded.append(high << 4 | low)
                index += 3
            default:
                decoded.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw APIFailure.malformed("parameters that are not UTF-8")
        }
        return text
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
