/// Reads one JSON object or array (RFC 8259) from anyone (a JWT's header or claims before its
/// signature is checked, a Socket.IO packet's arguments): strictly, with nesting bounded, never
/// trapping. Its members or elements come back as `JSONScalar`s, nested structures only checked.
/// Nil for anything but one well-formed document (whitespace around it allowed), and for a key
/// given twice.
///
/// Written instead of Foundation's JSONDecoder: decoding a token's two small objects through
/// Codable set up generic metadata worth a sixth of a CGI request's instructions
/// (docs/PERFORMANCE.md).
package struct JSONReader {
    /// Deeper nesting is refused; tokens nest two or three levels.
    package static let maxDepth = 32

    private let bytes: [UInt8]
    private var index = 0

    /// The members of the object `bytes` hold, or nil.
    package static func object(_ bytes: [UInt8]) -> [String: JSONScalar]? {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.peek == UInt8(ascii: "{"), let members = reader.members(depth: 1) else { return nil }
        reader.skipWhitespace()
        return reader.index == bytes.count ? members : nil
    }

    /// The elements of the array `bytes` hold, or nil.
    package static func array(_ bytes: [UInt8]) -> [JSONScalar]? {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        var elements: [JSONScalar] = []
        guard reader.peek == UInt8(ascii: "["), reader.elements(depth: 1, into: &elements) else { return nil }
        reader.skipWhitespace()
        return reader.index == bytes.count ? elements : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// An object from its `{`: its members, or nil.
    private mutating func members(depth: Int) -> [String: JSONScalar]? {
        guard depth <= Self.maxDepth, expect(UInt8(ascii: "{")) else { return nil }
        // Room for a token's members from the start: growing a dictionary rehashes every key.
        var members = [String: JSONScalar](minimumCapacity: 16)
        skipWhitespace()
        if expect(UInt8(ascii: "}")) { return members }
        while true {
            skipWhitespace()
            guard let key = string() else { return nil }
            skipWhitespace()
            guard expect(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard let value = value(depth: depth), members.updateValue(value, forKey: key) == nil else { return nil }
            skipWhitespace()
            if expect(UInt8(ascii: "}")) { return members }
            guard expect(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// An array from its `[`, checked, its elements added to `elements`.
    private mutating func elements(depth: Int, into elements: inout [JSONScalar]) -> Bool {
        guard depth <= Self.maxDepth, expect(UInt8(ascii: "[")) else { return false }
        skipWhitespace()
        if expect(UInt8(ascii: "]")) { return true }
        while true {
            skipWhitespace()
            guard let element = value(depth: depth) else { return false }
            elements.append(element)
            skipWhitespace()
            if expect(UInt8(ascii: "]")) { return true }
            guard expect(UInt8(ascii: ",")) else { return false }
        }
    }

    private mutating func value(depth: Int) -> JSONScalar? {
        guard let first = peek else { return nil }
        switch first {
        case UInt8(ascii: "\""): return string().map(JSONScalar.string)
        case UInt8(ascii: "{"): return members(depth: depth + 1) == nil ? nil : .structured
        case UInt8(ascii: "["):
            // Nested elements are only checked: nothing reads them.
            var dropped: [JSONScalar] = []
            return elements(depth: depth + 1, into: &dropped) ? .structured : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map(JSONScalar.number)
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        if matches { index += count }
        return matches
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a Double (too large: infinite).
    private mutating func number() -> Double? {
        let start = index
        _ = expect(UInt8(ascii: "-"))
        let isDigit = { (byte: UInt8?) in byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        if expect(UInt8(ascii: "0")) {
            // No leading zeros.
        } else {
            guard isDigit(peek) else { return nil }
            while isDigit(peek) { index += 1 }
        }
        if expect(UInt8(ascii: ".")) {
            guard isDigit(peek) else { return nil }
            while isDigit(peek) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { return nil }
            while isDigit(peek) { index += 1 }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// A string from its `"`: escapes resolved, UTF-8 checked, raw control characters refused.
    private mutating func string() -> String? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        var text: [UInt8] = []
        while let byte = peek {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0x00..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` for a surrogate pair; a lone surrogate is refused.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard expect(UInt8(ascii: "\\")), expect(UInt8(ascii: "u")), let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
