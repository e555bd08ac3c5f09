/// Counts how often each study occurs: `fromRecommend` tallies every study of every user found,
/// hundreds of thousands in a crowd, so this probes a small table by the study's own stored hash
/// instead of hashing each one again through a `Dictionary`.
struct StudyTally {
    /// Free while `count` is 0 (its study is then a placeholder, so that slots need no optional).
    private struct Slot {
        var count: Int
        var hash: UInt64
        var study: Study
    }

    /// Open addressing, a power of two long, kept at most half full.
    private var slots = [Slot](repeating: Slot(count: 0, hash: 0, study: .anything), count: 64)
    private var used = 0

    /// Counts each of `studies` except `excluded` (one user's list: distinct studies).
    mutating func add(_ studies: [Study], except excluded: Study) {
        // Room for the whole list first, so that one pass over the table does.
        while (used + studies.count) * 2 > slots.count { grow() }
        var added = 0
        // Read in place: copying each study out (two strings retained and released) cost more
        // than counting it.
        studies.withUnsafeBufferPointer { studies in
            slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                for position in studies.indices where !studies[position].hasSameKey(as: excluded) {
                    let hash = studies[position].keyHash
                    var index = Int(truncatingIfNeeded: hash) & mask
                    while slots[index].count > 0 && !(slots[index].hash == hash && slots[index].study.hasSameKey(as: studies[position])) {
                        index = (index + 1) & mask
                    }
                    if slots[index].count == 0 {
                        slots[index] = Slot(count: 1, hash: hash, study: studies[position])
                        added += 1
                    } else {
                        slots[index].count += 1
                    }
                }
            }
        }
        used += added
    }

    /// The `limit` studies counted most, most first; equal counts go by their keys' bytes.
    /// Picked in one pass (sorting every study seen cost more than the counting).
    func mostCommon(_ limit: Int) -> [Study] {
        guard limit > 0 else { return [] }
        func precedes(_ left: Slot, _ right: Slot) -> Bool {
            left.count != right.count ? left.count > right.count : left.study.key.utf8.lexicographicallyPrecedes(right.study.key.utf8)
        }
        var best: [Slot] = []
        best.reserveCapacity(limit + 1)
        for slot in slots where slot.count > 0 {
            if best.count == limit, !precedes(slot, best[limit - 1]) { continue }
            best.insert(slot, at: best.firstIndex { precedes(slot, $0) } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return best.map(\.study)
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(count: 0, hash: 0, study: .anything), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.count > 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].count > 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
