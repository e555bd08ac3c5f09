/// Why a test's HTTP exchange or process failed.
struct HTTPTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
