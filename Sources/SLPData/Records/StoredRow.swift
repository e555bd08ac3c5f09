/// A row as either backend hands it over, its columns read by position: stored records are
/// decoded once, whichever storage read them.
protocol StoredRow {
    func text(_ index: Int) -> String
    func optionalText(_ index: Int) -> String?
    func int64(_ index: Int) -> Int64
    func optionalInt64(_ index: Int) -> Int64?
    func int(_ index: Int) -> Int
    func double(_ index: Int) -> Double
    func bool(_ index: Int) -> Bool
}

extension Row: StoredRow {}
