/// A reason the benchmark cannot run, printed as one line.
struct BenchError: Error, CustomStringConvertible {
    let description: String
}
