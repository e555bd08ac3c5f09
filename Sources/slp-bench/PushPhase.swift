import Foundation

/// One phase of `slp-bench --pushes`: chat messages committed through `slp serve` (`ChatCommitter`),
/// then the fake FCM's logs read until each has been pushed (or nothing new came for
/// `quietSeconds`). `held`: the sender is stopped (SIGSTOP) while they are committed and let go
/// after, so that it meets them all at once, as after an outage: its own pace, not the API's.
enum PushPhase {
    static let quietSeconds = 15.0

    static func measure(
        _ label: String, tag: String, count: Int, rate: Double?, clients: Int, held: Bool,
        people: PushPeople, port: UInt16, sender: pid_t, fake: FakeFCMServers, arrivals: PushArrivals,
        conflicts: (() -> Int)? = nil
    ) -> PushFigures {
        let conflictsBefore = conflicts?()
        let load = PushFigures.loadAverage
        arrivals.poll()
        let firstNew = arrivals.all.count
        let machineBefore = CPUSample(postmaster: nil).machine
        let (senderBefore, fakeBefore) = (ProcessTree.cpuSeconds(sender), fake.cpuSeconds)
        let phaseStarted = Date().timeIntervalSince1970
        var started = phaseStarted
        if held { kill(sender, SIGSTOP) }
        let commits = ChatCommitter.commit(count, tag: tag, rate: rate, clients: clients, people: people, port: port)
        if held {
            started = Date().timeIntervalSince1970
            kill(sender, SIGCONT)
        }
        let committed = Dictionary(commits.filter { $0.status == 200 }.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        // Each committed text's first push, and every push of the phase by collapse id.
        var first: [String: Double] = [:], byCollapseID: [String: Int] = [:]
        var read = firstNew, lastChange = Stopwatch.now()
        while first.count < committed.count && Double(Stopwatch.now() - lastChange) / 1e9 < quietSeconds {
            usleep(10_000)
            arrivals.poll()
            guard arrivals.all.count > read else { continue }
            lastChange = Stopwatch.now()
            for arrival in arrivals.all[read...] {
                guard let body = arrival.body, committed[body] != nil else { continue }
                byCollapseID[arrival.collapseID, default: 0] += 1
                if first[body] == nil { first[body] = arrival.arrived }
            }
            read = arrivals.all.count
        }
        // The sender records what FCM answered after the last push: that is its work too.
        usleep(300_000)
        arrivals.poll()
        for arrival in arrivals.all[read...] where arrival.body.map({ committed[$0] != nil }) == true {
            byCollapseID[arrival.collapseID, default: 0] += 1
        }
        let senderCPU = ProcessTree.cpuSeconds(sender) - senderBefore
        let fakeCPU = zip(fake.cpuSeconds, fakeBefore).map { $0 - $1 }
        let last = first.values.max() ?? started
        let machine = CPUSample(postmaster: nil).machine - machineBefore
        let wall = Date().timeIntervalSince1970 - phaseStarted
        var figures = PushFigures(
            label: label, committed: committed.count, refused: commits.count - committed.count, pushes: first.count,
            lost: committed.count - first.count, duplicated: byCollapseID.values.reduce(0) { $0 + $1 - 1 },
            fromCommit: first.compactMap { text, arrived in committed[text]?.createdAt.map { (arrived - $0) * 1e6 } },
            fromAnswer: first.compactMap { text, arrived in committed[text].map { (arrived - $0.answeredAt) * 1e6 } },
            seconds: max(1e-3, last - started), senderCPU: senderCPU, fakeCPU: fakeCPU.reduce(0, +), fakeBusiest: fakeCPU.max() ?? 0, machineCores: machine / max(1e-3, wall),
            senderResident: ProcessTree.resident(sender), load: load)
        if let conflicts, let conflictsBefore { figures.conflicts = conflicts() - conflictsBefore }
        return figures
    }
}
