/// Deletes my account and personal data; conversations stay with their other member, and the
/// reports I made stop counting.
public struct WithdrawUserUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    public func callAsFunction(me: UserID) throws {
        guard try storage.write({ try $0.delete(me) }) else { throw DomainError.notRegistered }
    }
}
