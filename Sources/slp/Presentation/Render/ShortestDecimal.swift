/// The shortest decimal that reads back as the same `Double`, written as `description` writes it,
/// for the magnitudes coordinates and most other numbers have (10⁻³ to 10¹⁵): a search prints
/// two per card, and `description` spent about 750 instructions on each.
///
/// Exact: the value and its rounding interval are integers scaled by a power of two, and every
/// step is 128-bit integer arithmetic. Outside the range it answers nil and callers fall back.
enum ShortestDecimal {
    /// Longer than any text `write` makes (a sign, 17 digits, a point, zeros before them).
    static let capacity = 32

    /// Writes the text of `value` at `output` and returns its length, or nil when `value` is
    /// not finite or its magnitude is outside [0.001, 10¹⁵).
    static func write(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e15 else { return nil }
        // value = significand × 2^-shift, with the hidden bit (normal numbers only, here).
        let significand = UInt64(1) << 52 | value.significandBitPattern
        let shift = 1075 - Int(value.exponentBitPattern)  // 3...62 in this range
        // In units of 2^-(shift + 2): the value, and the interval of numbers that round to it
        // (half an ulp each way; a quarter below a power of two, whose lower neighbour is closer).
        let exact = UInt128(significand) << 2
        let low = exact - (value.significandBitPattern == 0 ? 1 : 2)
        let high = exact + 2
        let scale = shift + 2
        // Round-half-even reads a decimal on a boundary back as the even significand.
        let inclusive = significand & 1 == 0
        // With this many decimal places the interval (at least ¾ · 2^-shift wide) surely holds a
        // decimal: 10^places ≥ 4/3 · 2^shift. Their range, as integers (below 2^63 here):
        let most = (shift * 30_103 + 12_500) / 100_000 + 1
        let lowScaled = low * powerOfTen(most), highScaled = high * powerOfTen(most)
        let mask = (UInt128(1) << scale) - 1
        var lowest = UInt64(lowScaled >> scale), highest = UInt64(highScaled >> scale)
        if inclusive {
            if lowScaled & mask != 0 { lowest += 1 }
        } else {
            lowest += 1
            if highScaled & mask == 0 { highest -= 1 }
        }
        // Fewer places while one of them is still a multiple of ten: the shortest.
        var places = most
        while places > 0 {
            let fewerLowest = (lowest + 9) / 10, fewerHighest = highest / 10
            guard fewerLowest <= fewerHighest else { break }
            lowest = fewerLowest
            highest = fewerHighest
            places -= 1
        }
        // Of those, the nearest to the value (half way: the even one).
        let scaled = exact * powerOfTen(places)
        var nearest = UInt64(scaled >> scale)
        let remainder = scaled & mask
        let half = UInt128(1) << (scale - 1)
        if remainder > half || (remainder == half && nearest & 1 == 1) { nearest += 1 }
        nearest = min(max(nearest, lowest), highest)
        return format(nearest, places: places, negative: value.sign == .minus, to: output)
    }

    /// 10^`exponent`, for 0...20 (a switch the compiler makes a table of constants: a global
    /// array would be checked for initialisation on every use).
    private static func powerOfTen(_ exponent: Int) -> UInt128 {
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
        case 19: 10_000_000_000_000_000_000
        default: 100_000_000_000_000_000_000
        }
    }

    /// "00" through "99": two digits per division. A static string's bytes are constant data,
    /// with nothing to initialise.
    private static let pairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// `digits` with a point `places` from the right: "37.5665", "0.0012", "100.0".
    private static func format(_ digits: UInt64, places: Int, negative: Bool, to output: UnsafeMutablePointer<UInt8>) -> Int {
        // The digits, right-aligned in 24 bytes (at most 20 of them), two at a time from a table;
        // eight at a time are split off first, so that the pairs come from 32-bit numbers
        // (dividing those by 100 is a cheap multiplication; 64-bit ones cost more).
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let text = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let table = UnsafeRawPointer(pairs.utf8Start)
            var start = 24
            func pair(_ value: UInt32) {
                start -= 2
                UnsafeMutableRawPointer(text + start).storeBytes(
                    of: table.loadUnaligned(fromByteOffset: 2 * Int(value), as: UInt16.self), as: UInt16.self)
            }
            var rest = digits
            while rest >= 100_000_000 {
                var eight = UInt32(truncatingIfNeeded: rest % 100_000_000)
                rest /= 100_000_000
                for _ in 0..<4 {
                    pair(eight % 100)
                    eight /= 100
                }
            }
            var last = UInt32(truncatingIfNeeded: rest)
            while last >= 100 {
                pair(last % 100)
                last /= 100
            }
            if last >= 10 {
                pair(last)
            } else {
                start -= 1
                text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: last)
            }
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
