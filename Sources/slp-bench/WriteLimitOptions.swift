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

    init(_ arguments: [String]) throws {
        var index = arguments.startIndex
        func value(_ name: String) throws -> String {
            guard index + 1 < arguments.endIndex, !arguments[index + 1].hasPrefix("--") else { throw LoadFailure("\(name) needs a value") }
            index += 1
            return arguments[index]
        }
        func count(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let number = Int(try value(name)), range.contains(number) else { throw LoadFailure("\(name) needs a number in \(range)") }
            return number
        }
        while index < arguments.endIndex {
            switch arguments[index] {
            case "--write-limits": break
            case "--before": before = try value("--before")
            case "--clients": clients = try count("--clients", 1...512)
            case "--people": people = try count("--people", 2...9_999)
            case "--rounds": rounds = try count("--rounds", 1...20)
            case "--seconds":
                guard let number = Double(try value("--seconds")), number > 0, number.isFinite else { throw LoadFailure("--seconds needs a positive number") }
                seconds = number
            case let other: throw LoadFailure("unknown option for --write-limits: \(other)")
            }
            index += 1
        }
    }
}
