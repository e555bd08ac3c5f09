/// Counts how often each study occurs: `fromRecommend` tallies every study of every user found,
/// thousands in a crowd, so this probes a small table by the study's own stored hash instead of
/// hashing each one again through a `Dictionary`.
struct StudyTally {
    /// Open addressing, a power of two long, kept at most half full.
    private var slots: [(study: Study, count: Int)?] = Array(repeating: nil, count: 64)
    private var used = 0

    mutating func add(_ study: Study) {
        var index = slot(of: study)
        if let found = slots[index] {
            slots[index] = (found.study, found.count + 1)
            return
        }
        if (used + 1) * 2 > slots.count {
            let old = slots
            slots = Array(repeating: nil, count: old.count * 2)
            for case let entry? in old { slots[slot(of: entry.study)] = entry }
            index = slot(of: study)
        }
        slots[index] = (study, 1)
        used += 1
    }

    /// Every study seen, with its count, in no particular order.
    var counts: [(study: Study, count: Int)] { slots.compactMap { $0 } }

    /// Where `study` is, or the free slot where it belongs.
    private func slot(of study: Study) -> Int {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: study.keyHash) & mask
        while let entry = slots[index], entry.study != study { index = (index + 1) & mask }
        return index
    }
}
