/// A sender known to be gone (its process ended: `slp serve` killed, the sender restarted) leaves
/// leases that would hold its recipients' pushes until they run out. Whoever knows it is gone
/// ends them at once, so its pushes go now; whatever it had sent but not recorded may go twice,
/// which the collapse id hides on the phone. A sender that cannot be known gone (on another
/// host) is waited for as its lease says.
public struct TakeOverPushLeasesUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// Ends the leases of every holder `isGone` says has ended; how many pushes it freed. Writes
    /// only when there is one.
    public func callAsFunction(isGone: (String) -> Bool) throws -> Int {
        let now = clock.now
        let gone = try storage.read { try $0.pushLeaseHolders(at: now) }.filter(isGone)
        guard !gone.isEmpty else { return 0 }
        return try storage.write { transaction in
            try gone.reduce(0) { $0 + (try transaction.releasePushLeases(of: $1, at: now)) }
        }
    }
}
