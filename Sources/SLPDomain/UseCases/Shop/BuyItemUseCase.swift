
/// `POST /user/shop/item`: records a purchase (there is no payment provider here).
public struct BuyItemUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The user with the item in their collection; `item_already_owned` if it was.
    public func callAsFunction(me: UserID, kind: ShopItemKind, index: Int) throws -> User {
        let item = try ShopCatalog.item(kind, index)
        return try storage.write { transaction in
            guard var user = try transaction.user(me) else { throw DomainError.notRegistered }
            switch kind {
            case .sesac:
                guard !user.sesacCollection.contains(item.index) else { throw DomainError.itemAlreadyOwned }
                user.sesacCollection = (user.sesacCollection + [item.index]).sorted()
            case .background:
                guard !user.backgroundCollection.contains(item.index) else { throw DomainError.itemAlreadyOwned }
                user.backgroundCollection = (user.backgroundCollection + [item.index]).sorted()
            }
            try transaction.update(user)
            return user
        }
    }
}
