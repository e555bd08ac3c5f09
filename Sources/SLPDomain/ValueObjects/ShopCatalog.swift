
/// The SLP shop: five sesac faces and eight backgrounds; item 0 of each is free.
public enum ShopCatalog {
    public static let sesacs: [ShopItem] = [
        ShopItem(kind: .sesac, index: 0, name: "기본 새싹", price: 0),
        ShopItem(kind: .sesac, index: 1, name: "튼튼 새싹", price: 1200),
        ShopItem(kind: .sesac, index: 2, name: "민트 새싹", price: 2500),
        ShopItem(kind: .sesac, index: 3, name: "퍼플 새싹", price: 2500),
        ShopItem(kind: .sesac, index: 4, name: "골드 새싹", price: 2500),
    ]

    public static let backgrounds: [ShopItem] = [
        ShopItem(kind: .background, index: 0, name: "하늘 공원", price: 0),
        ShopItem(kind: .background, index: 1, name: "씨티 뷰", price: 1200),
        ShopItem(kind: .background, index: 2, name: "밤의 산책로", price: 1200),
        ShopItem(kind: .background, index: 3, name: "낮의 산책로", price: 1200),
        ShopItem(kind: .background, index: 4, name: "연극 무대", price: 2500),
        ShopItem(kind: .background, index: 5, name: "라틴 거실", price: 2500),
        ShopItem(kind: .background, index: 6, name: "홈트방", price: 2500),
        ShopItem(kind: .background, index: 7, name: "뮤지션 작업실", price: 2500),
    ]

    /// All items of a kind, by index.
    public static func items(_ kind: ShopItemKind) -> [ShopItem] {
        kind == .sesac ? sesacs : backgrounds
    }

    /// The item of `kind` at `index`, or an invalid-value error.
    public static func item(_ kind: ShopItemKind, _ index: Int) throws -> ShopItem {
        let items = items(kind)
        guard items.indices.contains(index) else {
            throw DomainError.invalid("invalid_item", "\(kind) items are numbered 0 to \(items.count - 1)")
        }
        return items[index]
    }
}
