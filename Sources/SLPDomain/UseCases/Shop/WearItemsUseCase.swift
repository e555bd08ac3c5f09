
/// `POST /user/shop/item` (wear): dresses my sesac with items I own.
public struct WearItemsUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// At least one of `sesac` and `background`; `item_not_owned` [201] for an item not in my collection.
    public func callAsFunction(me: UserID, sesac: Int?, background: Int?) throws -> User {
        guard sesac != nil || background != nil else {
            throw DomainError.invalid("nothing_to_wear", "choose a sesac, a background or both")
        }
        let face = try sesac.map { try ShopCatalog.item(.sesac, $0) }
        let card = try background.map { try ShopCatalog.item(.background, $0) }
        return try storage.write { transaction in
            guard var user = try transaction.user(me) else { throw DomainError.notRegistered }
            if let face {
                guard user.sesacCollection.contains(face.index) else { throw DomainError.itemNotOwned }
                user.sesac = face.index
            }
            if let card {
                guard user.backgroundCollection.contains(card.index) else { throw DomainError.itemNotOwned }
                user.background = card.index
            }
            try transaction.update(user)
            return user
        }
    }
}
