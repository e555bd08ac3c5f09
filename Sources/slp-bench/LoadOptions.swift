import Foundation

/// `slp-bench --load [--postgres [URL]] [--no-sqlite] [--seconds S] [--clients 1,4,16,64]
/// [--people-per-client N] [--people N] [--population N] [--keep]`.
struct LoadOptions {
    var seconds: Double = 20
    var clients: [Int] = [1, 4, 16, 64]
    var postgres: PostgreSQLServerChoice = .none
    var sqlite = true
    /// Registered users each client acts as, in turns, as one host serving a few people.
    var peoplePerClient = 4
    /// The fewest people in a round, shared out among the clients: with only a few, the ones
    /// serving a dodge penalty (a minute or more) leave the rest nobody to match with.
    var people = 32
    /// Seeded people waiting around the same centre, whom the actors meet in search.
    var population = 2_000
    /// Keep the SQLite files and the private cluster's directory for a look afterwards.
    var keep = false

    /// How many people each of K clients acts as.
    func people(perClientOf clients: Int) -> Int {
        max(peoplePerClient, (people + clients - 1) / clients)
    }

    init(_ arguments: [String]) throws {
        var index = arguments.startIndex
        func value(_ name: String) throws -> String {
            guard index + 1 < arguments.endIndex, !arguments[index + 1].hasPrefix("--") else {
                throw LoadFailure("\(name) needs a value")
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.endIndex {
            switch arguments[index] {
            case "--load": break
            case "--seconds":
                guard let seconds = Double(try value("--seconds")), seconds > 0 else { throw LoadFailure("--seconds needs a positive number") }
                self.seconds = seconds
            case "--clients":
                let list = try value("--clients").split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 }) else { throw LoadFailure("--clients needs a list like 1,4,16,64") }
                clients = list.compactMap { $0 }
            case "--people-per-client":
                guard let count = Int(try value("--people-per-client")), count >= 1 else { throw LoadFailure("--people-per-client needs a count") }
                peoplePerClient = count
            case "--people":
                guard let count = Int(try value("--people")), count >= 1 else { throw LoadFailure("--people needs a count") }
                people = count
            case "--population":
                guard let count = Int(try value("--population")), count >= 0 else { throw LoadFailure("--population needs a count") }
                population = count
            case "--postgres": postgres = .reading(arguments, at: &index)
            case "--no-sqlite": sqlite = false
            case "--keep": keep = true
            case let other:
                throw LoadFailure("unknown option for --load: \(other)")
            }
            index += 1
        }
    }
}
