/// Round distances for the inner rings of `slp map`, and how distances are written.
enum RoundDistance {
    /// One or two round distances inside `radius` (1, 2, 2.5 or 5 times a power of ten): the
    /// largest step that fits three times, and its double when that stays clear of the radius.
    static func innerRings(within radius: Double) -> [Double] {
        guard radius.isFinite, radius > 0 else { return [] }
        var magnitude = 1.0
        while magnitude * 10 <= radius { magnitude *= 10 }
        var step = 0.0
        var scale = magnitude / 10
        while scale <= magnitude {
            for factor in [1.0, 2.0, 2.5, 5.0] where factor * scale * 3 <= radius { step = max(step, factor * scale) }
            scale *= 10
        }
        guard step >= 1 else { return [] }
        return step * 2 <= radius * 0.8 ? [step, step * 2] : [step]
    }

    /// `700 m`, `1 km`, `2.5 km`, `12 km`.
    static func label(_ metres: Double) -> String {
        guard metres >= 1_000 else { return "\(Int(metres.rounded())) m" }
        let kilometres = (metres / 100).rounded() / 10
        return kilometres == kilometres.rounded() ? "\(Int(kilometres)) km" : "\(kilometres) km"
    }

    /// `700m`, `2.5km`: the label without its space, for a narrow gap.
    static func shortLabel(_ metres: Double) -> String {
        String(label(metres).filter { $0 != " " })
    }
}
