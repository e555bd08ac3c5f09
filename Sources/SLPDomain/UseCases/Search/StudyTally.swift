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
        let ranked = counts.indices.sorted { left, right in
            counts[left] != counts[right]
                ? counts[left] > counts[right]
                : studies[left].key.utf8.lexicographicallyPrecedes(studies[right].key.utf8)
        }
        return ranked.prefix(limit).map { studies[$0] }
    }
}
