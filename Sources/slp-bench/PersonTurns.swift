import Foundation

/// How one benchmark client's people take turns, for the HTTP and the load benchmark alike:
/// round the list, skipping whoever serves a dodge penalty or is not ready yet, each turn one
/// request or command.
enum PersonTurns {
    /// Gives `take` one person a turn after another until `deadline` (monotonic ns); a person's
    /// penalty ends when its time has come, and a person whose next turn may come only at
    /// `readyAt` (monotonic ns) is skipped until then.
    static func run<Person>(
        _ people: inout [Person], phase: WritableKeyPath<Person, PersonPhase>, until deadline: UInt64,
        readyAt: (Person) -> UInt64 = { _ in 0 }, take: (inout Person) -> Void
    ) {
        var next = 0
        while Stopwatch.now() < deadline {
            let now = Stopwatch.now()
            for index in people.indices {
                if case .parked(let until) = people[index][keyPath: phase], until <= now { people[index][keyPath: phase] = .idle }
            }
            var turn: Int?
            for offset in 0..<people.count {
                let index = (next + offset) % people.count
                if case .parked = people[index][keyPath: phase] { continue }
                if readyAt(people[index]) > now { continue }
                turn = index
                break
            }
            guard let turn else {
                // Everyone here serves a penalty or waits: the client is idle until the first one is ready.
                let wake = people.map { person -> UInt64 in
                    if case .parked(let until) = person[keyPath: phase] { return until }
                    return readyAt(person)
                }.min() ?? deadline
                usleep(UInt32(min(max(Int64(min(wake, deadline)) - Int64(now), 1_000_000), 100_000_000) / 1_000))
                continue
            }
            take(&people[turn])
            next = turn + 1
        }
    }
}
