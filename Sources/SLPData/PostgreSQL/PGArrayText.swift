#if PostgreSQL
/// One array parameter in PostgreSQL's text form (`{"a","b"}`), built element by element:
/// elements are quoted, with quotes and backslashes escaped, so any text goes through.
struct PGArrayText {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in text {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func append(_ value: some PGValue) {
        separate()
        bytes += value.pgText.utf8
    }

    private mutating func separate() {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    }

    /// The finished parameter.
    var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }
}
#endif
