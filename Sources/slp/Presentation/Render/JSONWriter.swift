/// Writes compact JSON straight into bytes: what `JSONValue` uses, and what renderers of large
/// results (search) use directly to skip building a tree of values first.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// One bit per open object or array (innermost lowest): set while it still has no member.
    private var empty: UInt64 = 1
    /// A key was just written; its value needs no comma.
    private var afterKey = false
    // The top level counts as one more container, empty at first, so nothing precedes its value.

    init(capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Comma between members, none after a key or at the start of a container.
    private mutating func separate() {
        if afterKey {
            afterKey = false
        } else if empty & 1 == 0 {
            bytes.append(UInt8(ascii: ","))
        } else {
            empty &= ~1
        }
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        empty = empty << 1 | 1
    }

    mutating func endObject() {
        empty >>= 1
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        empty = empty << 1 | 1
    }

    mutating func endArray() {
        empty >>= 1
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func key(_ key: String) {
        separate()
        escape(key)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A key known at compile time to be plain ASCII needing no escapes (`"uid"`).
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func string(_ value: String) {
        separate()
        escape(value)
    }

    mutating func int(_ value: Int) {
        separate()
        // Digits written directly: no String per number.
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    mutating func double(_ value: Double) {
        separate()
        // JSON has no NaN or infinity; domain values are always finite.
        bytes += (value.isFinite ? String(value) : "null").utf8
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes += (value ? "true" : "false").utf8
    }

    mutating func null() {
        separate()
        bytes += "null".utf8
    }

    /// Escapes quotes, backslashes and control characters; U+2028/2029 too, for JavaScript readers.
    private mutating func escape(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var replacement: String?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): replacement = #"\""#
                case UInt8(ascii: "\\"): replacement = #"\\"#
                case UInt8(ascii: "\n"): replacement = #"\n"#
                case UInt8(ascii: "\r"): replacement = #"\r"#
                case UInt8(ascii: "\t"): replacement = #"\t"#
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    replacement = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                    replacement = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    break
                }
                if let replacement {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    bytes += replacement.utf8
                    index += width
                    start = index
                } else {
                    index += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
