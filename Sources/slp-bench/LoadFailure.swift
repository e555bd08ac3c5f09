/// Why the load mode stopped, as one line for `slp-bench: error:`.
struct LoadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
