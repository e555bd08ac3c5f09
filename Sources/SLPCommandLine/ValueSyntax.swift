/// Syntax of option values (is this a number, a date); domain rules come later, in value types.
public enum ValueSyntax {
    /// A decimal integer such as `18` or `-3`; no hex, no spaces, no overflow.
    public static func integer(_ text: String, option: String) throws(UsageError) -> Int {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw invalid("'\(printable(text))' is not a whole number", option: option)
        }
        // A whole number all the same, only too far from zero: say that, not that it is no number.
        guard let value = Int(text) else {
            let bound = text.hasPrefix("-") ? "small (the least is \(Int.min))" : "large (the most is \(Int.max))"
            throw invalid("'\(printable(text))' is too \(bound)", option: option)
        }
        return value
    }

    /// A finite decimal number such as `37.5178` or `-33.87`; no NaN, infinity, hex or overflow.
    public static func decimal(_ text: String, option: String) throws(UsageError) -> Double {
        guard isDecimalLiteral(text), let value = Double(text), value.isFinite else {
            throw invalid("'\(printable(text))' is not a finite decimal number", option: option)
        }
        return value
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, checked by hand: a regular
    /// expression would be compiled at run time in every process that reads a number.
    private static func isDecimalLiteral(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let exponent = bytes.first, exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// `YYYY-MM-DD`, a real calendar day: `day` makes it from the year, month and day, and
    /// refuses (throws) a day the calendar does not have.
    public static func date<Day>(
        _ text: String, option: String, making day: (_ year: Int, _ month: Int, _ day: Int) throws -> Day
    ) throws(UsageError) -> Day {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
              let date = try? day(year, month, dayOfMonth) else {
            throw invalid("'\(printable(text))' is not a date (YYYY-MM-DD)", option: option)
        }
        return date
    }

    /// `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`).
    public static func toggle(_ text: String, option: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw invalid("'\(printable(text))' is not on or off", option: option)
        }
    }

    private static func invalid(_ message: String, option: String) -> UsageError {
        UsageError(message: "\(option): \(message)", code: "invalid_value")
    }

    /// The value cut short (40 characters, and at most 160 scalars: one character may hold any
    /// number of combining marks) and with controls, line and paragraph separators made visible,
    /// for a one-line message.
    public static func printable(_ text: String) -> String {
        let maxCharacters = 40, maxScalars = 160
        var visible = String.UnicodeScalarView()
        var count = 0
        var cut = false
        for scalar in text.unicodeScalars {
            guard count < maxScalars else {
                cut = true
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: visible.append("\u{FFFD}")
            default: visible.append(scalar)
            }
            count += 1
        }
        let shown = String(visible)
        // The first 40 characters of the shown scalars are the text's first 40.
        if shown.count > maxCharacters { return String(shown.prefix(maxCharacters)) + "…" }
        return cut ? shown + "…" : shown
    }
}
