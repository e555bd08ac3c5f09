
/// `POST /user/shop/item` (wear): dresses my sesac with items I own.
public struct WearItemsUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    /// At least one of `sesac` and `background`; `item_not_owned` [201] for an item not in my collection.
    public func callAsFunction(me: UserID, sesac: Int?, background: Int?) throws -> User {
        guard sesac != nil || background != nil else {
            throw DomainError.invalid("nothing_to_wear", "give --sesac N, --background N or both")
        }
        let face = try sesac.map { try ShopCatalog.item(.sesac, $0) }
        let card = try background.map { try ShopCatalog.item(.background, $0) }
        return try users.update(uid: me) { user in
            if let face {
                guard user.sesacCollection.contains(face.index) else { throw DomainError.itemNotOwned }
                user.sesac = face.index
            }
            if let card {
                guard user.backgroundCollection.contains(card.index) else { throw DomainError.itemNotOwned }
                user.background = card.index
            }
        }
    }
}
