/// A contiguous run of grid cells, first and last included: one key range a search reads.
///
/// Its own type rather than `ClosedRange<Int64>`: an array of a generic range has its metadata
/// built at run time on first use, which looked up `Int64: Comparable` in every conformance
/// record of the binary (about 160k instructions, once per search process).
struct CellRange: Equatable, Sendable {
    let lowerBound: Int64
    let upperBound: Int64

    init(_ lowerBound: Int64, _ upperBound: Int64) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    func contains(_ cell: Int64) -> Bool { lowerBound <= cell && cell <= upperBound }
}
