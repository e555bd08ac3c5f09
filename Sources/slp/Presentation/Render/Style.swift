/// How text output looks: colour only on a terminal and never with NO_COLOR set (to anything but empty).
struct Style: Sendable, Equatable {
    var colors: Bool

    static let plain = Style(colors: false)

    func bold(_ text: String) -> String { colors ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colors ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colors ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { colors ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
}
