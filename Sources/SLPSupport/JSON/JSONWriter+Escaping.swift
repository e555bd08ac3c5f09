/// How `JSONWriter` writes strings: most text is copied between its quotes whole; only text
/// with a byte that JSON or a JavaScript reader cannot take as it is goes byte by byte.
extension JSONWriter {
    /// True when `utf8` holds a byte that `escape` may replace: a control character, a quote,
    /// a backslash, or 0xE2 (which starts U+2028 and U+2029). Eight bytes are tested at a time,
    /// since every uid, nick and study of a search result passes through here.
    @inlinable
    public static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// A high bit set where a byte of `word` is 0 (exact as to whether any is).
        func zeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        func needsCare(_ word: UInt64) -> Bool {
            let control = (word &- ones &* 0x20) & ~word & highs
            return control | zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) | zeroByte(word ^ (ones &* 0xE2)) != 0
        }
        if utf8.count >= 8 {
            // Whole words, the last one overlapping the one before: no byte-by-byte tail.
            var index = 0
            while index + 8 < utf8.count {
                if needsCare(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return true }
                index += 8
            }
            return needsCare(UnsafeRawPointer(base + utf8.count - 8).loadUnaligned(as: UInt64.self))
        }
        if utf8.count >= 4 {
            // Two halves that overlap, as one word.
            let raw = UnsafeRawPointer(base)
            let low = raw.loadUnaligned(as: UInt32.self), high = raw.loadUnaligned(fromByteOffset: utf8.count - 4, as: UInt32.self)
            return needsCare(UInt64(low) | UInt64(high) << 32)
        }
        var index = 0
        while index < utf8.count {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return true }
            index += 1
        }
        return false
    }

    /// `escape` of a String's bytes.
    @inlinable
    mutating func escape(_ value: String) {
        // Read where the bytes lie (small strings are spilled to the stack), without copying
        // the string first: a copy retains its storage.
        if value.utf8.withContiguousStorageIfAvailable({ escape($0) }) != nil { return }
        var value = value
        value.withUTF8 { escape($0) }
    }

    /// Escapes quotes, backslashes and control characters; U+2028/2029 too, for JavaScript readers.
    @inlinable
    mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Most text needs no escape at all: one pass to find out, one copy between the quotes.
        guard let source = utf8.baseAddress, !JSONWriter.mayNeedEscape(utf8) else {
            append(UInt8(ascii: "\""))
            escapeEach(utf8)
            append(UInt8(ascii: "\""))
            return
        }
        reserve(utf8.count + 2)
        base[count] = UInt8(ascii: "\"")
        JSONWriter.copy(source, to: base + count + 1, count: utf8.count)
        base[count + utf8.count + 1] = UInt8(ascii: "\"")
        count += utf8.count + 2
    }

    /// Copies `utf8`, replacing what must be escaped.
    @inlinable
    mutating func escapeEach(_ utf8: UnsafeBufferPointer<UInt8>) {
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
            if var replacement {
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                replacement.withUTF8 { append($0) }
                index += width
                start = index
            } else {
                index += 1
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
    }
}
