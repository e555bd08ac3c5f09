import SLPSupport

/// Writers of one SQLite file take turns in the order they arrive, before `BEGIN IMMEDIATE`.
///
/// SQLite's busy handler does not queue: a waiting writer sleeps and looks again, and whoever
/// looks at the right moment goes next, so under many writers an unlucky one can wait past
/// its timeout. Here each write first draws a ticket from a counter in `PATH-lock` (a file
/// beside the database, made by the first write with the database's permissions) and waits
/// until every earlier ticket is done. The order only decides who goes first: `BEGIN
/// IMMEDIATE`, the busy timeout and the retried transaction still guarantee every write.
///
/// The file's locks (see `LockFile`): byte 0 guards the counter (the file's first 8 bytes);
/// ticket t's byte, `firstTicketByte + t`, is locked exclusively by its holder from drawing it
/// to the end of its turn. The kernel drops a killed process's locks, so a dead writer, waiting
/// or writing, never blocks the queue. A ticket's holder sleeps until the ticket before it is
/// done, then checks that none before it remains (one that gave up or died leaves the ones
/// before it to wait for), and writes. Reads never come here.
package final class WriteQueue {
    /// Appended to the database's path to name its lock file.
    static let suffix = "-lock"
    private static let counterLock: Range<Int64> = 0..<1
    private static let firstTicketByte: Int64 = 64
    /// Tickets start again long before a byte offset could overflow.
    private static let ticketLimit: UInt64 = 1 << 60

    private let databasePath: String
    private var file: LockFile?
    private var opened = false

    init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// Runs `body` in this writer's turn, having waited at most `limit` for it; a turn not come
    /// by then is `DatabaseError.busy`. Without a lock file (it cannot be opened, or the system
    /// has no such locks) `body` runs at once.
    func inTurn<T>(waitingAtMost limit: Duration, _ body: () throws -> T) throws -> T {
        guard let file = lockFile() else { return try body() }
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        let busy = DatabaseError.busy(path: databasePath, waited: limit)

        while !file.tryLock(Self.counterLock, exclusive: true) {
            switch file.waitUntilFree(Self.counterLock, exclusive: true, timeout: deadline - clock.now) {
            case .free: continue
            case .timedOut: throw busy
            case .failed: return try body()
            }
        }
        let ticket = file.counter(at: 0) % Self.ticketLimit
        let mine = Self.byte(of: ticket)
        guard file.tryLock(mine, exclusive: true) else {
            // Taken already: only a lock file rewritten under its users does that. Unordered, then.
            file.unlock(Self.counterLock)
            return try body()
        }
        file.setCounter(ticket + 1, at: 0)
        file.unlock(Self.counterLock)
        defer { file.unlock(mine) }

        let earlier = Self.firstTicketByte..<(Self.firstTicketByte + Int64(ticket))
        // The ticket just before mine first: it is normally the last of them to finish, and
        // waiting on it alone means only I wake up when it does.
        var blocker = ticket > 0 ? Self.byte(of: ticket - 1).lowerBound : nil
        while let byte = blocker {
            switch file.waitUntilFree(byte..<(byte + 1), exclusive: false, timeout: deadline - clock.now) {
            case .free: blocker = file.conflict(in: earlier, exclusive: false)
            case .timedOut: throw busy
            case .failed: blocker = nil
            }
        }
        return try body()
    }

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
