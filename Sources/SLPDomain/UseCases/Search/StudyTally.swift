import SLPSupport

/// Counts how often each study occurs among the users a search found, for `fromRecommend`.
struct StudyTally {
    /// The studies met, numbered by key; `studies[entry]` was met `counts[entry]` times.
    private var keys = ByteStringTable()
    private var studies: [Study] = []
    private var counts: [Int] = []

    /// Counts each of `list` (one user's studies, all distinct) except `excluded`.
    mutating func add(_ list: StudyList, except excluded: Study) {
        for study in list.studies where study != excluded {
            let (entry, isNew) = keys.entry(hash: study.keyHash, isKey: { studies[$0] == study }, key: { study.key })
            if isNew {
                studies.append(study)
                counts.append(1)
            } else {
                counts[entry] += 1
            }
        }
    }

    /// The `limit` studies counted most, most first; equal counts go by their keys' bytes.
    func mostCommon(_ limit: Int) -> [Study] {
        guard limit > 0 else { return [] }
        // One pass keeping the best few in order: a search meets thousands of studies to keep five.
        var best: [Int] = []
        best.reserveCapacity(limit + 1)
        for entry in counts.indices {
            if best.count == limit, !ranksBefore(entry, best[limit - 1]) { continue }
            best.insert(entry, at: best.firstIndex { ranksBefore(entry, $0) } ?? best.count)
            if best.count > limit { best.removeLast() }
        }
        return best.map { studies[$0] }
    }

    private func ranksBefore(_ left: Int, _ right: Int) -> Bool {
        counts[left] != counts[right]
            ? counts[left] > counts[right]
            : studies[left].key.utf8.lexicographicallyPrecedes(studies[right].key.utf8)
    }
}
