
/// One item of the shop catalogue.
public struct ShopItem: Hashable, Sendable {
    public let kind: ShopItemKind
    /// Index as SLP numbers it (`sesac` 0–4, `background` 0–7).
    public let index: Int
    /// The SLP name.
    public let name: String
    /// Price in won; 0 for the items everyone owns.
    public let price: Int

    /// Items everyone owns from the start.
    public var isFree: Bool { price == 0 }
}
