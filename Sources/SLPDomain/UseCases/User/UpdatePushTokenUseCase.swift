/// `PUT /user/update_fcm_token`: where the app receives pushes from now on, and no other account
/// does (one phone, one account).
public struct UpdatePushTokenUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The updated user; `invalid_fcm_token` for a token that cannot be one.
    public func callAsFunction(me: UserID, token: String) throws -> User {
        let token = try PushToken(token)
        return try storage.write { transaction in
            guard var user = try transaction.user(me) else { throw DomainError.notRegistered }
            user.pushToken = token
            try transaction.update(user)
            // One phone, one account: someone who signs in as another person on the same
            // phone takes its pushes along.
            try transaction.clearPushToken(token, exceptFor: me)
            return user
        }
    }
}
