/// The shortest decimal that reads back as the same `Double`, written as `description` writes it,
/// for the magnitudes coordinates and most other numbers have (10⁻³ to 10¹⁵): a search prints
/// two per card, and `description` costs several times as much (docs/PERFORMANCE.md).
///
/// Exact: the value and its rounding interval are integers scaled by a power of two, and every
/// step is 128-bit integer arithmetic. Outside the range it answers nil and callers fall back.
public enum ShortestDecimal {
    /// Longer than any text `write` makes (a sign, 17 digits, a point, zeros before them).
    public static let capacity = 32

    /// Writes the text of `value` at `output` and returns its length, or nil when `value` is
    /// not finite or its magnitude is outside [0.001, 10¹⁵).
    public static func write(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e15 else { return nil }
        // value = significand × 2^-shift, with the hidden bit (normal numbers only, here).
        let significand = UInt64(1) << 52 | value.significandBitPattern
        let shift = 1075 - Int(value.exponentBitPattern)  // 3...62 in this range
        // In units of 2^-scale: the value, and the interval of numbers that round to it (half an
        // ulp each way; a quarter below a power of two, whose lower neighbour is closer). All
        // below 2^55, so each product with a power of ten below 2^64 is one 64 × 64-bit multiply;
        // wrapping operators, since nothing here overflows and checks would cost as much again.
        let exact = significand << 2
        let low = exact - (value.significandBitPattern == 0 ? 1 : 2)
        let high = exact + 2
        let scale = UInt128(shift + 2)
        // Round-half-even reads a decimal on a boundary back as the even significand.
        let inclusive = significand & 1 == 0
        // With this many decimal places the interval (at least ¾ · 2^-shift wide) surely holds a
        // decimal: 10^places ≥ 4/3 · 2^shift. Their range, as integers (below 2^63 here):
        let most = (shift * 30_103 + 12_500) / 100_000 + 1
        let lowScaled = UInt128(low) &* UInt128(powerOfTen(most)), highScaled = UInt128(high) &* UInt128(powerOfTen(most))
        let mask = (UInt128(1) &<< scale) &- 1
        var lowest = UInt64(truncatingIfNeeded: lowScaled &>> scale), highest = UInt64(truncatingIfNeeded: highScaled &>> scale)
        if inclusive {
            if lowScaled & mask != 0 { lowest &+= 1 }
        } else {
            lowest &+= 1
            if highScaled & mask == 0 { highest &-= 1 }
        }
        // Fewer places while one of them is still a multiple of ten: the shortest.
        var places = most
        while places > 0 {
            let fewerLowest = (lowest &+ 9) / 10, fewerHighest = highest / 10
            guard fewerLowest <= fewerHighest else { break }
            lowest = fewerLowest
            highest = fewerHighest
            places -= 1
        }
        // Of those, the nearest to the value (half way: the even one).
        let scaled = UInt128(exact) &* UInt128(powerOfTen(places))
        var nearest = UInt64(truncatingIfNeeded: scaled &>> scale)
        let remainder = scaled & mask
        let half = UInt128(1) &<< (scale &- 1)
        if remainder > half || (remainder == half && nearest & 1 == 1) { nearest &+= 1 }
        nearest = min(max(nearest, lowest), highest)
        return format(nearest, places: places, negative: value.sign == .minus, to: output)
    }

    /// 10^`exponent`, for 0...19 (a switch the compiler makes a table of constants: a global
    /// array would be checked for initialisation on every use).
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// The eight decimal digits of `value` (below 10⁸, leading zeros included) as ASCII, the
    /// first digit in the lowest byte: split into halves, quarters and single digits in all
    /// lanes at once, by multiplications instead of a division per digit.
    @inline(__always)
    package static func eightDigits(_ value: UInt32) -> UInt64 {
        let value = UInt64(value)
        // Two 4-digit halves, the high one in the low lane (it is written first).
        let halves = value / 10_000 | (value % 10_000) << 32
        // Each half into two 2-digit quarters (x / 100 as x · 10486 >> 20, exact below 10⁴).
        let hundreds = (halves &* 10_486) >> 20 & 0x0000_007F_0000_007F
        let quarters = hundreds | (halves &- hundreds &* 100) << 16
        // Each quarter into two digits (x / 10 as x · 103 >> 10, exact below 100).
        let tens = (quarters &* 103) >> 10 & 0x000F_000F_000F_000F
        let digits = tens | (quarters &- tens &* 10) << 8
        return digits | 0x3030_3030_3030_3030
    }

    /// `digits` with a point `places` from the right: "37.5665", "0.0012", "100.0".
    private static func format(_ digits: UInt64, places: Int, negative: Bool, to output: UnsafeMutablePointer<UInt8>) -> Int {
        // All twenty digit positions a UInt64 can need, as ASCII, in 24 bytes, leading zeros
        // included; then the zeros in front are skipped.
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let lanes = (
            eightDigits(UInt32(truncatingIfNeeded: digits / 10_000_000_000_000_000)),
            eightDigits(UInt32(truncatingIfNeeded: digits / 100_000_000 % 100_000_000)),
            eightDigits(UInt32(truncatingIfNeeded: digits % 100_000_000)))
        // The first digit that is not a zero: its lane, then its byte (the lowest is first).
        let leading = lanes.0 != zeros ? (lanes.0 ^ zeros).trailingZeroBitCount / 8
            : lanes.1 != zeros ? 8 + (lanes.1 ^ zeros).trailingZeroBitCount / 8
            : lanes.2 != zeros ? 16 + (lanes.2 ^ zeros).trailingZeroBitCount / 8 : 23
        // In memory the lowest byte must come first, whatever the machine's byte order.
        let buffer = (lanes.0.littleEndian, lanes.1.littleEndian, lanes.2.littleEndian)
        return withUnsafeBytes(of: buffer) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let start = leading
            let count = 24 - start
            var length = 0
            if negative {
                output[0] = UInt8(ascii: "-")
                length = 1
            }
            if count <= places {
                // 0.000ddd
                output[length] = UInt8(ascii: "0")
                output[length + 1] = UInt8(ascii: ".")
                length += 2
                for _ in 0..<(places - count) {
                    output[length] = UInt8(ascii: "0")
                    length += 1
                }
                JSONWriter.copy(text + start, to: output + length, count: count)
                return length + count
            }
            let whole = count - places
            JSONWriter.copy(text + start, to: output + length, count: whole)
            length += whole
            output[length] = UInt8(ascii: ".")
            length += 1
            if places == 0 {
                output[length] = UInt8(ascii: "0")
                return length + 1
            }
            JSONWriter.copy(text + start + whole, to: output + length, count: places)
            return length + places
        }
    }
}
