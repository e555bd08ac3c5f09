/// How far a bulk load of synthetic people is, for a progress bar: each stage of a batch (drawing
/// the people, writing each table, committing) spans a share of the batch's work, in proportion
/// to the time it took in a measured run, and within a stage the rows done so far tell how far.
enum SeedProgress {
    /// Rows between two reports: often enough for a smooth bar, rare enough to cost nothing.
    static let step = 8_192

    /// The fraction of the batch's work done once `done` of the `total` rows of the stage that
    /// spans `stage` of it are.
    static func fraction(_ done: Int, of total: Int, in stage: ClosedRange<Double>) -> Double {
        guard total > 0 else { return stage.upperBound }
        return stage.lowerBound + (stage.upperBound - stage.lowerBound) * Double(min(done, total)) / Double(total)
    }

    /// True when `done` rows call for a report.
    static func isDue(_ done: Int) -> Bool {
        done % step == 0
    }
}
