/// Deadlines in order, the soonest first (a binary heap); a cancelled one is dropped when it
/// comes up rather than searched for.
struct TimerHeap {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: Int
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var soonest: ContinuousClock.Instant? { entries.first?.deadline }

    mutating func insert(_ deadline: ContinuousClock.Instant, id: Int) {
        entries.append(Entry(deadline: deadline, id: id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// The id of the soonest deadline if it is at or before `now`, removed.
    mutating func popDue(at now: ContinuousClock.Instant) -> Int? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return first.id
    }

    /// Drops the deadlines whose id `dropped` says, the rest in order again.
    mutating func removeAll(where dropped: (Int) -> Bool) {
        entries.removeAll { dropped($0.id) }
        for parent in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
