/// Counts how often each study occurs: `fromRecommend` tallies every study of every user found,
/// thousands in a crowd, so this probes a small table by the study's own stored hash instead of
/// hashing each one again through a `Dictionary`.
struct StudyTally {
    /// Open addressing, a power of two long, kept at most half full. A slot is free while its
    /// count is 0; hashes are compared first so that studies are seldom copied or compared.
    private var counts: [Int] = Array(repeating: 0, count: 64)
    private var hashes: [UInt64] = Array(repeating: 0, count: 64)
    /// Free slots hold a placeholder (their count is 0); non-optional, so comparing is direct.
    private var studies: [Study] = Array(repeating: .anything, count: 64)
    private var used = 0

    mutating func add(_ study: Study) {
        let index = slot(of: study)
        if counts[index] > 0 {
            counts[index] += 1
            return
        }
        if (used + 1) * 2 > counts.count {
            grow()
            return add(study)
        }
        counts[index] = 1
        hashes[index] = study.keyHash
        studies[index] = study
        used += 1
    }

    /// Every study seen, with its count, in no particular order.
    var tallies: [(study: Study, count: Int)] {
        counts.indices.compactMap { index in counts[index] > 0 ? (studies[index], counts[index]) : nil }
    }

    /// Where `study` is, or the free slot where it belongs.
    private func slot(of study: Study) -> Int {
        let mask = counts.count - 1
        var index = Int(truncatingIfNeeded: study.keyHash) & mask
        while counts[index] > 0 {
            if hashes[index] == study.keyHash && studies[index] == study { return index }
            index = (index + 1) & mask
        }
        return index
    }

    private mutating func grow() {
        let old = tallies
        let size = counts.count * 2
        counts = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        studies = Array(repeating: .anything, count: size)
        used = 0
        for (study, count) in old {
            let index = slot(of: study)
            counts[index] = count
            hashes[index] = study.keyHash
            studies[index] = study
            used += 1
        }
    }
}
