/// How a run of map cells is coloured on a colour terminal.
enum MapPaint: Equatable {
    case plain, faint, shared, me

    init(_ cell: MapCell) {
        switch cell {
        case .empty: self = .plain
        case .ring, .label: self = .faint
        case .people(_, let shared): self = shared ? .shared : .plain
        case .me: self = .me
        }
    }

    func apply(_ text: String, _ style: Style) -> String {
        guard !text.isEmpty else { return "" }
        switch self {
        case .plain: return text
        case .faint: return style.dim(text)
        case .shared: return style.green(text)
        case .me: return style.bold(text)
        }
    }
}
