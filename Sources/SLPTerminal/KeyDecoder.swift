/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text (a character split across
/// two reads is joined), control keys, and the escape sequences of cursor and editing keys in
/// both their normal and application forms. Unknown sequences are skipped whole.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// True when the bytes so far end inside a sequence: the caller waits briefly for the rest,
    /// then calls `flush()` (a lone Escape key is such a start).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var text: [UInt8] = []
        func endText() {
            guard !text.isEmpty else { return }
            let decoded = String(decoding: text, as: UTF8.self)
            // Controls caught inside a broken UTF-8 sequence, and the C1 controls, are not text.
            let printable = String(String.UnicodeScalarView(decoded.unicodeScalars.filter {
                $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value)
            }))
            if !printable.isEmpty { keys.append(.text(printable)) }
            text.removeAll()
        }
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x20..<0x7F:
                text.append(byte)
                index += 1
            case 0x80...:
                // A byte that cannot start a sequence stands alone (decoded as U+FFFD).
                let length = byte >= 0xF8 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= pending.count else {
                    endText()
                    pending.removeFirst(index)
                    return keys
                }
                text.append(contentsOf: pending[index..<index + length])
                index += length
            case 0x1B:
                endText()
                guard let (key, length) = Self.escapeSequence(pending[index...]) else {
                    pending.removeFirst(index)
                    return keys
                }
                if let key { keys.append(key) }
                index += length
            default:
                endText()
                if let key = Self.control(byte) { keys.append(key) }
                index += 1
            }
        }
        endText()
        pending.removeAll()
        return keys
    }

    /// Drops what is left when no more bytes came: a lone Escape (which means nothing to a line
    /// editor), or a sequence that was never finished.
    public mutating func flush() {
        pending.removeAll()
    }

    private static func control(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x03: .interrupt
        case 0x04: .endOfInput
        case 0x15: .clearToStart
        case 0x17: .deleteWord
        case 0x0C: .redraw
        case 0x01: .lineStart
        case 0x05: .lineEnd
        case 0x02: .left
        case 0x06: .right
        case 0x09: .text(" ")
        default: nil
        }
    }

    /// The key of the escape sequence at the start of `bytes` (nil for one to skip) and its
    /// length; nil when the sequence is not complete yet.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        switch introducer {
        case UInt8(ascii: "["):
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
            var index = start + 2
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return nil }
            let final = bytes[index]
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            let length = index - start + 1
            guard (0x40...0x7E).contains(final) else { return (nil, length) }
            switch (final, parameters) {
            case (UInt8(ascii: "A"), _): return (.up, length)
            case (UInt8(ascii: "B"), _): return (.down, length)
            case (UInt8(ascii: "C"), _): return (.right, length)
            case (UInt8(ascii: "D"), _): return (.left, length)
            case (UInt8(ascii: "H"), _): return (.home, length)
            case (UInt8(ascii: "F"), _): return (.end, length)
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
            case (UInt8(ascii: "~"), "3"): return (.deleteForward, length)
            case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
            case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
            default: return (nil, length)
            }
        case UInt8(ascii: "O"):
            // SS3: the application cursor keys.
            guard bytes.count >= 3 else { return nil }
            let key: Key? = switch bytes[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            default: nil
            }
            return (key, 3)
        case 0x1B:
            // Escape pressed twice: the first one alone.
            return (nil, 1)
        default:
            // Alt with a key: the key, as if Alt were not held.
            return (nil, 1)
        }
    }
}
