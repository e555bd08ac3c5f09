/// The row ids a search leaves out (me, and whoever I reported or who reported me), asked about
/// for every row scanned: a sorted array, searched by halves.
struct ExcludedUsers {
    private let ids: [Int64]

    init(_ ids: [Int64]) {
        self.ids = ids.sorted()
    }

    func contains(_ id: Int64) -> Bool {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id
    }
}
