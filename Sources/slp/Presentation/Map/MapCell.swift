/// One character cell of `slp map`.
enum MapCell: Equatable, Sendable {
    case empty
    /// A dot of a distance ring.
    case ring
    /// A character of a ring's label.
    case label(Character)
    /// Waiting people in this cell, and whether one of them shares a study with me.
    case people(count: Int, shared: Bool)
    /// The search centre: me.
    case me

    /// The glyph: `●` for one person, the count for 2–9, `+` for more.
    var glyph: Character {
        switch self {
        case .empty: " "
        case .ring: "·"
        case .label(let character): character
        case .people(let count, _): count == 1 ? "●" : count <= 9 ? Character(String(count)) : "+"
        case .me: "◎"
        }
    }
}
