import Foundation

/// CPU time used so far, on the whole machine and by this benchmark: slp-bench, the processes it
/// ran and waited for, and its private PostgreSQL cluster. Two samples tell how busy a round
/// kept the cores and how much of that was other people's work on the shared machine.
struct CPUSample: Sendable {
    /// Busy time of all cores, from /proc/stat (seconds).
    let machine: Double
    /// slp-bench and its waited-for children (seconds).
    let benchmark: Double
    /// The private cluster's postmaster, its exited backends and its running ones (seconds).
    let cluster: Double

    init(postmaster: pid_t?) {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let fields = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8))?
            .split(separator: "\n").first?.split(separator: " ").dropFirst().compactMap { Double($0) } ?? []
        // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
        machine = fields.count >= 8 ? (fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]) / ticks : .nan
        benchmark = CPUSample.usage(RUSAGE_SELF) + CPUSample.usage(RUSAGE_CHILDREN)
        guard let postmaster else {
            cluster = 0
            return
        }
        var total = 0.0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = CPUSample.stat(pid) else { continue }
            // The postmaster with what its exited children used; its running children as they are.
            if pid == postmaster { total += stat.own + stat.children } else if stat.parent == postmaster { total += stat.own }
        }
        cluster = total / ticks
    }

    private static func usage(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The parent, utime + stime and cutime + cstime (clock ticks) of /proc/PID/stat.
    private static func stat(_ pid: pid_t) -> (parent: pid_t, own: Double, children: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name, from the state (field 3) on.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let parent = pid_t(fields[1]) else { return nil }
        let number = { (index: Int) in Double(fields[index]) ?? 0 }
        return (parent, number(11) + number(12), number(13) + number(14))
    }
}
