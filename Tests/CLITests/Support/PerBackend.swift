/// One value per backend that a test class's tests share (a serve started once per backend, not
/// once per test), made when a test first asks for it and dropped at the class's `tearDown`.
final class PerBackend<Value> {
    private var values: [String: Value] = [:]
    private let make: (TestBackend) throws -> Value

    init(_ make: @escaping (TestBackend) throws -> Value) {
        self.make = make
    }

    /// The value for `backend`, made now if no test has asked for it yet.
    func callAsFunction(_ backend: TestBackend) throws -> Value {
        if let value = values[backend.rawValue] { return value }
        let made = try make(backend)
        values[backend.rawValue] = made
        return made
    }

    /// Drops every value (a serve stops when its last reference goes).
    func removeAll() {
        values = [:]
    }
}
