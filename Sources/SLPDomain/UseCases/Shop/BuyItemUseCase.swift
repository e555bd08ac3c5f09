
/// `POST /user/shop/item`: records a purchase (there is no payment provider here).
public struct BuyItemUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    /// The user with the item in their collection; `item_already_owned` if it was.
    public func callAsFunction(me: UserID, kind: ShopItemKind, index: Int) throws -> User {
        let item = try ShopCatalog.item(kind, index)
        return try users.update(uid: me) { user in
            switch kind {
            case .sesac:
                guard !user.sesacCollection.contains(item.index) else { throw DomainError.itemAlreadyOwned }
                user.sesacCollection = (user.sesacCollection + [item.index]).sorted()
            case .background:
                guard !user.backgroundCollection.contains(item.index) else { throw DomainError.itemAlreadyOwned }
                user.backgroundCollection = (user.backgroundCollection + [item.index]).sorted()
            }
        }
    }
}
