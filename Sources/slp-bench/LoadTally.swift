/// What the load mode's clients saw, command by command: each run's time and how it ended.
/// A refusal (exit 1 with a documented code) is the service answering; anything else that is
/// not exit 0 (a crash, a storage or busy error, a usage error) is an error.
struct LoadTally: Sendable {
    struct Counts: Sendable {
        /// Every run's time from spawn to exit, refusals and errors included.
        var micros: [Double] = []
        var succeeded = 0
        var refusals: [String: Int] = [:]
        var errors = 0
    }

    private(set) var commands: [LoadCommand: Counts] = [:]
    /// The first few distinct error lines, to say what went wrong.
    private(set) var errorSamples: [String] = []

    var runs: Int { commands.values.reduce(0) { $0 + $1.micros.count } }
    var refusals: Int { commands.values.reduce(0) { $0 + $1.refusals.values.reduce(0, +) } }
    var errors: Int { commands.values.reduce(0) { $0 + $1.errors } }

    subscript(command: LoadCommand) -> Counts { commands[command] ?? Counts() }

    /// Refusals of every command by code, most frequent first.
    var refusalsByCode: [(String, Int)] {
        var total: [String: Int] = [:]
        for counts in commands.values { total.merge(counts.refusals, uniquingKeysWith: +) }
        return total.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    }

    mutating func succeeded(_ command: LoadCommand, micros: Double) {
        commands[command, default: Counts()].micros.append(micros)
        commands[command, default: Counts()].succeeded += 1
    }

    mutating func refused(_ command: LoadCommand, code: String, micros: Double) {
        commands[command, default: Counts()].micros.append(micros)
        commands[command, default: Counts()].refusals[code, default: 0] += 1
    }

    mutating func failed(_ command: LoadCommand, detail: String, micros: Double) {
        commands[command, default: Counts()].micros.append(micros)
        commands[command, default: Counts()].errors += 1
        noteError("\(command.rawValue): \(detail)")
    }

    mutating func noteError(_ line: String) {
        if errorSamples.count < 5, !errorSamples.contains(line) { errorSamples.append(line) }
    }

    mutating func merge(_ other: LoadTally) {
        for (command, counts) in other.commands {
            var mine = commands[command] ?? Counts()
            mine.micros += counts.micros
            mine.succeeded += counts.succeeded
            mine.refusals.merge(counts.refusals, uniquingKeysWith: +)
            mine.errors += counts.errors
            commands[command] = mine
        }
        for line in other.errorSamples { noteError(line) }
    }
}
