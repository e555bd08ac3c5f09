
/// The two kinds of things a sesac character can wear.
public enum ShopItemKind: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The sesac's face (0–4).
    case sesac
    /// The card background (0–7).
    case background

    public var description: String { rawValue }
}
