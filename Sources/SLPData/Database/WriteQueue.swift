import SLPSupport

/// Writers of one SQLite file take turns in the order they arrive.
///
/// SQLite's busy handler does not queue: a waiting writer sleeps and looks again, and whoever
/// looks at the right moment goes next, so under many writers an unlucky one can wait past
/// its timeout. Here each write draws a ticket from a counter in `PATH-lock` (a file beside
/// the database, made by the first write with the database's permissions) and writes only
/// once every earlier ticket is done. The order only decides who goes first: `BEGIN
/// IMMEDIATE`, the busy timeout and the retried transaction still guarantee every write.
///
/// The file's locks (see `LockFile`): byte 0 guards the counter (the file's first 8 bytes);
/// ticket t's byte, `firstTicketByte + t`, is locked exclusively by its holder from drawing it
/// to the end of its turn. The kernel drops a killed process's locks, so a dead writer, waiting
/// or writing, never blocks the queue. A ticket's holder sleeps until the ticket before it is
/// done, then checks that none before it remains (one that gave up or died leaves the ones
/// before it to wait for). Reads never come here.
///
/// One write at a time: `begin`, then `draw` and/or `waitForTurn`, then `end`.
package final class WriteQueue {
    /// Appended to the database's path to name its lock file.
    static let suffix = "-lock"
    private static let counterLock: Range<Int64> = 0..<1
    private static let firstTicketByte: Int64 = 64
    /// Tickets start again long before a byte offset could overflow.
    private static let ticketLimit: UInt64 = 1 << 60

    /// Thrown by a write's first try at its first write when its turn has not come: it lets go
    /// of what it read, waits, and tries again (`Database.write`).
    struct TurnNotYet: Error {}

    private let databasePath: String
    private var file: LockFile?
    private var opened = false
    private let clock = ContinuousClock()
    /// The write under way: its ticket once drawn, how long it may wait and until when.
    private var ticket: UInt64?
    private var limit: Duration = .zero
    private var deadline = ContinuousClock.now
    /// True when this write goes unordered: no lock file, or the queue could not be used.
    private var unordered = false

    init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// A new write's place, not drawn yet; it waits at most `limit` from now for its turn.
    func begin(waitingAtMost limit: Duration) {
        ticket = nil
        unordered = false
        self.limit = limit
        deadline = clock.now + limit
    }

    /// Draws this write's ticket if it has none (opening the lock file on the first write);
    /// whether its turn has come, none before it being held. Waits only for the counter.
    func draw() throws -> Bool {
        if unordered { return true }
        guard let file = lockFile() else {
            unordered = true
            return true
        }
        if let ticket { return file.conflict(in: Self.earlier(than: ticket), exclusive: false) == nil }
        while !file.tryLock(Self.counterLock, exclusive: true) {
            switch file.waitUntilFree(Self.counterLock, exclusive: true, timeout: deadline - clock.now) {
            case .free: continue
            case .timedOut: throw gaveUp()
            case .failed:
                unordered = true
                return true
            }
        }
        let drawn = file.counter(at: 0) % Self.ticketLimit
        guard file.tryLock(Self.byte(of: drawn), exclusive: true) else {
            // Taken already: only a lock file rewritten under its users does that. Unordered, then.
            file.unlock(Self.counterLock)
            unordered = true
            return true
        }
        file.setCounter(drawn + 1, at: 0)
        file.unlock(Self.counterLock)
        ticket = drawn
        return file.conflict(in: Self.earlier(than: drawn), exclusive: false) == nil
    }

    /// Waits until this write's turn, drawing its ticket first if it has none;
    /// `DatabaseError.busy` when it has not come within the limit.
    func waitForTurn() throws {
        if try draw() { return }
        guard let ticket, let file else { return }
        let earlier = Self.earlier(than: ticket)
        // The ticket just before mine first: it is normally the last of them to finish, and
        // waiting on it alone means only I wake up when it does.
        var blocker = ticket > 0 ? Self.byte(of: ticket - 1).lowerBound : nil
        while let byte = blocker {
            switch file.waitUntilFree(byte..<(byte + 1), exclusive: false, timeout: deadline - clock.now) {
            case .free: blocker = file.conflict(in: earlier, exclusive: false)
            case .timedOut: throw gaveUp()
            case .failed: blocker = nil
            }
        }
    }

    /// Ends this write's turn, or gives up its place.
    func end() {
        if let ticket, let file { file.unlock(Self.byte(of: ticket)) }
        ticket = nil
    }

    /// Runs `body` in a turn of its own, waited for at most `limit`.
    func inTurn<T>(waitingAtMost limit: Duration, _ body: () throws -> T) throws -> T {
        begin(waitingAtMost: limit)
        defer { end() }
        try waitForTurn()
        return try body()
    }

    /// `busy`, counted as a transaction given up.
    private func gaveUp() -> DatabaseError {
        DatabaseRetryCounts.failures.add(1, ordering: .relaxed)
        return busy
    }

    private var busy: DatabaseError { .busy(path: databasePath, waited: limit) }

    private func lockFile() -> LockFile? {
        if !opened {
            opened = true
            file = LockFile(path: databasePath + Self.suffix, creatingLike: databasePath)
        }
        return file
    }

    private static func byte(of ticket: UInt64) -> Range<Int64> {
        let offset = firstTicketByte + Int64(ticket)
        return offset..<(offset + 1)
    }

    private static func earlier(than ticket: UInt64) -> Range<Int64> {
        firstTicketByte..<(firstTicketByte + Int64(ticket))
    }

    /// The queue of the database at `databasePath` as it is now: how many tickets were drawn,
    /// and which of them are held (waiting or writing). Nil without a lock file. For tests.
    package static func observe(databasePath: String) -> (drawn: UInt64, held: [UInt64])? {
        guard let file = LockFile(existing: databasePath + suffix) else { return nil }
        let drawn = file.counter(at: 0) % ticketLimit
        // The kernel names one conflicting lock at a time, not necessarily the first: halve around it.
        var held: [UInt64] = []
        var ranges = [firstTicketByte..<(firstTicketByte + Int64(drawn))]
        while let range = ranges.popLast() {
            guard let found = file.conflict(in: range, exclusive: true) else { continue }
            let byte = min(max(found, range.lowerBound), range.upperBound - 1)
            held.append(UInt64(byte - firstTicketByte))
            ranges += [range.lowerBound..<byte, (byte + 1)..<range.upperBound]
        }
        held.sort()
        return (drawn, held)
    }
}
