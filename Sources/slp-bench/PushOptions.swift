/// `slp-bench --pushes N [--postgres [URL]] [--no-sqlite] [--rate R] [--rate-seconds S] [--delay-ms D]
/// [--people P] [--clients C] [--fakes K] [--no-anchor]`.
struct PushOptions: Sendable {
    /// Messages of the phase as fast as the API commits, and of the phase held back.
    var count = 10_000
    var postgres: PostgreSQLServerChoice = .none
    var sqlite = true
    /// The fixed rate, and for how long.
    var rate = 100.0
    var rateSeconds = 30.0
    /// How long the fake FCM takes to answer each send.
    var delayMilliseconds = 50
    /// People, chatting in pairs: at 1,000 and a thousand messages a second, each writes one a second.
    var people = 1_000
    /// Clients committing as fast as they can.
    var clients = 16
    /// Processes of the fake FCM sharing its port.
    var fakes = 2
    var anchor = true

    init(_ arguments: [String]) throws {
        var index = arguments.startIndex
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double {
            guard index + 1 < arguments.endIndex, let value = Double(arguments[index + 1]), range.contains(value) else {
                throw LoadFailure("\(name) needs a number in \(Int(range.lowerBound))...\(Int(range.upperBound))")
            }
            index += 1
            return value
        }
        while index < arguments.endIndex {
            switch arguments[index] {
            case "--pushes": count = Int(try number("--pushes", 1...1_000_000))
            case "--postgres": postgres = .reading(arguments, at: &index)
            case "--no-sqlite": sqlite = false
            case "--rate": rate = try number("--rate", 1...100_000)
            case "--rate-seconds": rateSeconds = try number("--rate-seconds", 1...3_600)
            case "--delay-ms": delayMilliseconds = Int(try number("--delay-ms", 0...10_000))
            case "--people": people = Int(try number("--people", 2...100_000)) / 2 * 2
            case "--clients": clients = Int(try number("--clients", 1...512))
            case "--fakes": fakes = Int(try number("--fakes", 1...64))
            case "--no-anchor": anchor = false
            case let other: throw LoadFailure("unknown option for --pushes: \(other)")
            }
            index += 1
        }
    }
}
