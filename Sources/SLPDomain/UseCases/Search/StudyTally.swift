import SLPSupport

/// Counts how often each study occurs among the users a search found, for `fromRecommend`.
struct StudyTally {
    /// The studies met, by key; `counts[entry]` is how often entry `entry` was met.
    private var studies = ByteStringTable<Study>()
    private var counts: [Int] = []

    /// Counts each of `list` (one user's studies, all distinct) except `excluded`.
    mutating func add(_ list: StudyList, except excluded: Study) {
        for study in list.studies where study != excluded {
            let entry = studies.entry(for: study.key.utf8) { study }
            if entry == counts.count { counts.append(1) } else { counts[entry] += 1 }
        }
    }

    /// The `limit` studies counted most, most first; equal counts go by their keys' bytes.
    func mostCommon(_ limit: Int) -> [Study] {
        let ranked = counts.indices.sorted { left, right in
            counts[left] != counts[right]
                ? counts[left] > counts[right]
                : studies[left].key.utf8.lexicographicallyPrecedes(studies[right].key.utf8)
        }
        return ranked.prefix(limit).map { studies[$0] }
    }
}
