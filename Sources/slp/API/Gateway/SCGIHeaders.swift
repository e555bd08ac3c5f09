/// The head of an SCGI request (the SCGI protocol): a netstring, `<length>:<bytes>,`, whose bytes
/// are NUL-terminated names and values, CGI's variables (`CONTENT_LENGTH` first); the body follows.
enum SCGIHeaders {
    /// Headers past this are refused: lighttpd itself refuses requests with more than 64 KiB of them.
    static let maxLength = 256 * 1024

    enum Frame: Equatable {
        /// More bytes are needed.
        case incomplete
        /// Not an SCGI request, or one too large.
        case invalid
        /// The variables, and how many bytes of the buffer they took (the body starts there).
        case complete([String: String], consumed: Int)
    }

    /// The headers at the start of `buffer`, as far as it holds them.
    static func frame(_ buffer: [UInt8]) -> Frame {
        guard let colon = buffer.prefix(8).firstIndex(of: UInt8(ascii: ":")) else {
            return buffer.count < 8 && buffer.allSatisfy(isDigit) ? .incomplete : .invalid
        }
        let digits = buffer[..<colon]
        guard !digits.isEmpty, digits.allSatisfy(isDigit), let length = Int(String(decoding: digits, as: UTF8.self)),
              length <= maxLength
        else { return .invalid }
        let start = colon + 1, end = start + length
        guard buffer.count > end else { return .incomplete }
        guard buffer[end] == UInt8(ascii: ","), let variables = variables(buffer[start..<end]) else { return .invalid }
        return .complete(variables, consumed: end + 1)
    }

    /// Names and values, each ended by a NUL; an even count of them, names not empty. A name
    /// given twice keeps its first value.
    static func variables(_ bytes: ArraySlice<UInt8>) -> [String: String]? {
        guard bytes.last == 0 else { return bytes.isEmpty ? [:] : nil }
        let fields = bytes.dropLast().split(separator: 0, omittingEmptySubsequences: false)
        guard fields.count % 2 == 0 else { return nil }
        var variables: [String: String] = [:]
        for index in stride(from: 0, to: fields.count, by: 2) {
            guard !fields[index].isEmpty else { return nil }
            let name = String(decoding: fields[index], as: UTF8.self)
            if variables[name] == nil { variables[name] = String(decoding: fields[index + 1], as: UTF8.self) }
        }
        return variables
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
