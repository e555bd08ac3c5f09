#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPPush

/// The sender's loop: woken by a commit, a send that ended or a retry come due, it records what
/// became of the sends that ended (one write for all of them), then claims what is due (leased
/// to this sender) and sends each push at once, up to `maxInFlight` in flight; it never waits
/// for a send. A database that fails or restarts is said once and opened again; sends that
/// ended meanwhile are recorded then (or, past their lease, sent again by whoever claims them:
/// the collapse id shows a repeat once).
final class PushSender {
    /// As many as Google's SDKs send in one batch.
    static let maxInFlight = 500
    /// Longer than a transfer may last (connection and answer included), so a lease runs out
    /// only when its sender is gone.
    static let lease: Duration = .seconds(120)
    /// How often it looks for leases of senders of this host that have ended (and at start).
    static let takeOverInterval: Duration = .seconds(10)

    private let settings: PushSenderSettings
    private let client: FCMClient
    private let mailbox = SenderMailbox()
    private var outcomes: PushOutcomes
    private var opened: SenderStorage?
    private var inFlight = 0
    /// Outcomes not yet recorded (the database failed when they came).
    private var unrecorded: [(PendingPush, PushOutcome)] = []
    private var failing = false
    private var nextTakeOver = ContinuousClock.now

    init(settings: PushSenderSettings, client: FCMClient) {
        self.settings = settings
        self.client = client
        outcomes = PushOutcomes(clock: WallClock(offset: 0))
    }

    func run() async -> Never {
        CommitWatcher.start(database: settings.database, waking: mailbox)
        mailbox.signal()
        while true {
            let finished = await mailbox.next()
            inFlight -= finished.count
            unrecorded += finished.map { ($0.0, outcomes.outcome(of: $0.0, $0.1)) }
            do {
                let current = try opened ?? open()
                if !unrecorded.isEmpty {
                    try RecordPushOutcomesUseCase(storage: current.storage, clock: current.clock)(owner: settings.owner, unrecorded)
                    unrecorded = []
                }
                if ContinuousClock.now >= nextTakeOver {
                    nextTakeOver = .now + Self.takeOverInterval
                    let freed = try TakeOverPushLeasesUseCase(storage: current.storage, clock: current.clock)(isGone: SenderTag.isGone)
                    if freed > 0 { SenderLog.say("took over \(freed) pushes of a sender that ended") }
                }
                // A look before the claim: a claim is a write, and every PostgreSQL commit wakes
                // every listener, this sender's watcher too.
                if inFlight < Self.maxInFlight, try CheckPushesDueUseCase(storage: current.storage, clock: current.clock)() {
                    let claimed = try ClaimPushesUseCase(storage: current.storage, clock: current.clock)(
                        owner: settings.owner, lease: Self.lease, limit: Self.maxInFlight - inFlight)
                    for push in claimed { send(push) }
                    inFlight += claimed.count
                }
                if failing {
                    failing = false
                    SenderLog.say("using the database again")
                }
            } catch {
                if !failing {
                    failing = true
                    SenderLog.say("cannot use the database (\(Self.describe(error))); trying again")
                }
                opened = nil
                try? await Task.sleep(for: .seconds(1))
                mailbox.signal()
            }
        }
    }

    private func open() throws -> SenderStorage {
        let fresh = try SenderStorage(database: settings.database)
        opened = fresh
        outcomes = PushOutcomes(clock: fresh.clock)
        return fresh
    }

    /// Sends `push` on its own: its result comes back through the mailbox whenever FCM answers.
    private func send(_ push: PendingPush) {
        let message = FCMMessage(
            token: push.token.value, title: push.notice.title, body: push.notice.body, data: push.notice.data,
            collapseID: String(push.eventID))
        let client = self.client, mailbox = self.mailbox
        Task.detached {
            let result = await client.send([message]).first ?? .retry(after: nil)
            mailbox.post(push, result)
        }
    }

    /// A storage failure in its own words (never a password: storage words them for people).
    private static func describe(_ error: any Error) -> String {
        let text = (error as? any StorageFailure)?.storageFailureMessage ?? "\(error)"
        return String(text.prefix { $0 != "\n" })
    }
}
