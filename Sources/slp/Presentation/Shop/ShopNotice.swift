import SLPDomain

/// What a shop command did, for the one line above the catalogue.
enum ShopNotice: Equatable, Sendable {
    case bought(ShopItem)
    case wearing(sesac: ShopItem, background: ShopItem)

    /// What `user` wears now.
    static func wearing(_ user: User) throws -> ShopNotice {
        .wearing(sesac: try ShopCatalog.item(.sesac, user.sesac), background: try ShopCatalog.item(.background, user.background))
    }
}
