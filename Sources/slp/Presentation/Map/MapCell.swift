/// One character cell of `slp map`.
enum MapCell: Equatable, Sendable {
    case empty
    /// A dot of a distance ring.
    case ring
    /// A character of a ring's label.
    case label(Character)
    /// Waiting people in this cell, and whether one of them shares a study with me.
    case people(count: Int, shared: Bool)
    /// The search centre: me, and how many others wait in my own cell.
    case me(others: Int)

    /// The glyph: `●` for one person, the count for 2–9, `+` for more; `◎` for me alone,
    /// `◉` when others stand where I do (they would be hidden under `◎`).
    var glyph: Character {
        switch self {
        case .empty: " "
        case .ring: "·"
        case .label(let character): character
        case .people(let count, _): count == 1 ? "●" : count <= 9 ? Character(String(count)) : "+"
        case .me(let others): others == 0 ? "◎" : "◉"
        }
    }

    /// Nothing a label would run into: blank, or a dot of a ring.
    var isOpen: Bool { self == .empty || self == .ring }
}
