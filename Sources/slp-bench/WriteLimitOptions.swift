/// `slp-bench --write-limits [--before SLP] [--clients K] [--seconds S] [--people N] [--rounds R]`.
struct WriteLimitOptions: Sendable {
    /// Another slp (the build before the limits) measured in alternate rounds of the same run.
    var before: String?
    var clients = 8
    /// Each measurement's length.
    var seconds: Double = 5
    /// People chatting in pairs round the clients: at K clients' pace each stays below 5 a second.
    var people = 256
    var rounds = 2

    private static let options = ["--before", "--clients", "--seconds", "--people", "--rounds"]

    init(_ arguments: [String]) throws {
        if let unknown = arguments.first(where: { $0.hasPrefix("--") && $0 != "--write-limits" && !Self.options.contains($0) }) {
            throw LoadFailure("unknown option for --write-limits: \(unknown)")
        }
        // The value after `name`, if given.
        func value(_ name: String) throws -> String? {
            guard let index = arguments.firstIndex(of: name) else { return nil }
            guard index + 1 < arguments.endIndex, !arguments[index + 1].hasPrefix("--") else { throw LoadFailure("\(name) needs a value") }
            return arguments[index + 1]
        }
        func count(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let text = try value(name) else { return nil }
            guard let number = Int(text), range.contains(number) else { throw LoadFailure("\(name) needs a number in \(range)") }
            return number
        }
        before = try value("--before")
        clients = try count("--clients", 1...512) ?? clients
        people = try count("--people", 2...9_999) ?? people
        rounds = try count("--rounds", 1...20) ?? rounds
        if let text = try value("--seconds") {
            guard let number = Double(text), number > 0, number.isFinite else { throw LoadFailure("--seconds needs a positive number") }
            seconds = number
        }
    }
}
