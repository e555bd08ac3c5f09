/// The `Retry-After` header in its delay-seconds form (RFC 9110 §10.2.3), the one FCM sends.
enum RetryAfter {
    /// Longer waits are read as this: the sender gives up on a push after an hour anyway.
    static let maxSeconds = 3_600

    /// The seconds a raw header line asks to wait; nil for another header or another form.
    static func seconds(headerLine line: [UInt8]) -> Int? {
        let name = Array("retry-after:".utf8)
        guard line.count > name.count, zip(line, name).allSatisfy({ lowercased($0.0) == $0.1 }) else { return nil }
        let value = line[name.count...].drop { $0 == 0x20 || $0 == 0x09 }
        let digits = value.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !digits.isEmpty, value.dropFirst(digits.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else {
            return nil
        }
        var seconds = 0
        for digit in digits {
            seconds = min(seconds * 10 + Int(digit - UInt8(ascii: "0")), maxSeconds)
        }
        return seconds
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
