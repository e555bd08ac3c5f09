/// The line `slp seed` keeps redrawing on a terminal's standard error while it works: a bar, the
/// share done, how many of the people that is, and the time left once it can be told.
struct SeedProgressBar: Equatable, Sendable {
    /// How many people the run adds.
    let total: Int
    /// The terminal's width; the line never takes more.
    let columns: Int

    /// The line for `fraction` of the work done after `elapsed` seconds (no line break).
    func line(fraction: Double, elapsed: Double) -> String {
        let done = min(max(fraction, 0), 1)
        let percent = Int((done * 100).rounded(.down))
        var text = " \(percent)%  \(Self.grouped(Int((Double(total) * done).rounded(.down)))) of \(Self.grouped(total))"
        // After a second and a percent of the work, the pace so far tells the rest well enough.
        if done >= 0.01, done < 1, elapsed >= 1 {
            text += "  about \(Self.duration(elapsed * (1 - done) / done)) left"
        }
        let label = "Seeding "
        guard barWidth >= 10 else { return String((label + text.dropFirst()).prefix(max(columns - 1, 0))) }
        let filled = Int((Double(barWidth) * done).rounded(.down))
        return label + "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]" + text
    }

    /// The bar's width: the same all along (room left for the longest text), at most 30 cells.
    private var barWidth: Int {
        let longest = " 100%  \(Self.grouped(total)) of \(Self.grouped(total))  about 999 min left"
        return min(30, columns - "Seeding ".count - longest.count - 3)
    }

    /// What erases the line again.
    static let clear = "\r\u{1B}[K"

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// Seconds as a person reads a wait: `7 s`, `2 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 100 ? "\(max(whole, 1)) s" : "\((whole + 59) / 60) min"
    }
}
