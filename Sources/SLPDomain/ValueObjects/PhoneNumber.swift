import SLPSupport

/// A Korean mobile number, kept in E.164 form (`+821012345678`).
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// E.164 form: `+82` then the national number without its leading 0.
    public let e164: String

    /// Accepts `010-1234-5678`, `01012345678`, `+821012345678`, with spaces, dots or dashes.
    public init(_ raw: String) throws {
        // Worded only when refused: every stored number read is checked again.
        var invalid: DomainError {
            DomainError.invalid("invalid_phone", "'\(raw.sanitizedForMessage)' is not a Korean mobile number (010-1234-5678)")
        }
        // Read as bytes: only ASCII digits can make a valid number, so dropping the separator
        // bytes decides exactly as dropping separator characters would, without segmenting
        // graphemes or appending substrings through generic code (an identification runs this).
        var digits = raw.trimmingWhitespace.utf8.filter { $0 != 0x20 && $0 != 0x2D && $0 != 0x2E }
        if digits.starts(with: [0x2B, 0x38, 0x32]) {  // "+82"
            digits.replaceSubrange(0..<3, with: [0x30])
            if digits.starts(with: [0x30, 0x30]) { digits.removeFirst() }  // "+82 010…" written with the trunk 0
        }
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { throw invalid }
        guard digits.count >= 10, digits.count <= 11, digits[0] == 0x30, digits[1] == 0x31 else { throw invalid }
        let carrier = digits[2]
        switch carrier {
        case 0x30 where digits.count == 11: break  // 010 numbers always have 8 digits after it
        case 0x31, 0x36, 0x37, 0x38, 0x39: break  // legacy 011/016/017/018/019, 7 or 8 digits
        default: throw invalid
        }
        digits.replaceSubrange(0..<1, with: [0x2B, 0x38, 0x32])  // "+82" for the trunk 0
        e164 = String(decoding: digits, as: UTF8.self)
    }

    /// A number the domain itself made and knows to be valid (synthetic users).
    init(trustedE164 e164: String) {
        self.e164 = e164
    }

    /// National form for people: `010-1234-5678`.
    public var national: String {
        let digits = "0" + e164.dropFirst(3)
        let head = digits.prefix(3)
        let tail = digits.suffix(4)
        let middle = digits.dropFirst(3).dropLast(4)
        return "\(head)-\(middle)-\(tail)"
    }

    public var description: String { e164 }

    /// True when `raw` has the shape of a phone number rather than a uid.
    public static func looksLikePhone(_ raw: String) -> Bool {
        let compact = raw.filter { !" -.".contains($0) }
        // uids are letters and digits only, so a '+' or '-' can only be a phone number.
        return raw.hasPrefix("+") || raw.unicodeScalars.contains("-")
            || (compact.hasPrefix("01") && compact.allSatisfy { $0.isASCII && $0.isNumber })
    }
}
