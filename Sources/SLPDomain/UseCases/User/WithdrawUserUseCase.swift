/// Deletes my account and personal data; conversations stay with their other member. Withdrawing
/// while matched is dodging the match (`MatchDodging`: my partner hears `dodged`, and I get the
/// penalty `match dodge` would give). My sanctions (`Sanctions`) and the reports I made and
/// received (`WriteTransaction.keepReports`) stay with my phone number; the reports I made stop
/// counting until the number registers again.
public struct WithdrawUserUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// The user as they were, for a farewell.
    @discardableResult
    public func callAsFunction(me: UserID) throws -> User {
        let now = clock.now
        return try storage.write { transaction in
            let party = try transaction.party(me)
            let leaving = party.current == nil ? party.user : try MatchDodging.dodge(party, at: now, in: transaction).me
            let sanctions = Sanctions(of: leaving)
            if !sanctions.isNone { try transaction.keepSanctions(sanctions, of: leaving.phone) }
            try transaction.keepReports(of: me)
            _ = try transaction.delete(me)
            return party.user
        }
    }
}
