/// `slp-bench --http [--postgres [URL]] [--no-sqlite] [--clients 1,16,64] [--seconds S]
/// [--phase-seconds S] [--population N] [--keep]`.
struct HTTPOptions: Sendable {
    /// The mixed traffic's length per round.
    var seconds: Double = 20
    /// Each single-endpoint measurement's length (the floor, myQueueState, search).
    var phaseSeconds: Double = 10
    var clients: [Int] = [1, 16, 64]
    var postgres: PostgreSQLServerChoice = .none
    var sqlite = true
    /// Registered people each client's device runs the app for, in turns.
    var peoplePerClient = 4
    /// The fewest people in a round, shared out among the clients.
    var people = 32
    /// Seeded people waiting around the clients (SLP's search goal is at a million).
    var population = 1_000_000
    var keep = false

    init(_ arguments: [String]) throws {
        var index = arguments.startIndex
        func value(_ name: String) throws -> String {
            guard index + 1 < arguments.endIndex, !arguments[index + 1].hasPrefix("--") else { throw LoadFailure("\(name) needs a value") }
            index += 1
            return arguments[index]
        }
        func positive(_ name: String) throws -> Double {
            guard let number = Double(try value(name)), number > 0, number.isFinite else { throw LoadFailure("\(name) needs a positive number") }
            return number
        }
        while index < arguments.endIndex {
            switch arguments[index] {
            case "--http": break
            case "--seconds": seconds = try positive("--seconds")
            case "--phase-seconds": phaseSeconds = try positive("--phase-seconds")
            case "--clients":
                let list = try value("--clients").split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 && ($0 ?? 0) <= 512 }) else {
                    throw LoadFailure("--clients needs a list like 1,16,64 (each 1 to 512)")
                }
                clients = list.compactMap { $0 }
            case "--population":
                guard let count = Int(try value("--population")), count >= 0 else { throw LoadFailure("--population needs a count") }
                population = count
            case "--postgres": postgres = .reading(arguments, at: &index)
            case "--no-sqlite": sqlite = false
            case "--keep": keep = true
            case let other: throw LoadFailure("unknown option for --http: \(other)")
            }
            index += 1
        }
    }
}
