import Foundation

/// A process and everything below it, as /proc tells: how much memory it holds and how much
/// CPU it has used (`slp serve` with lighttpd, the hub and the workers; the anchor's Python).
struct ProcessTree {
    let root: pid_t

    /// The root and its descendants.
    var members: [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let fields = Self.statFields(pid), fields.count > 1, let parent = pid_t(fields[1]) else { continue }
            parents[pid] = parent
        }
        var found = [root], frontier = [root]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }

    /// Resident memory of every member, in bytes.
    var residentBytes: Int {
        members.reduce(0) { $0 + Self.resident($1) }
    }

    /// CPU seconds every member has used so far.
    var cpuSeconds: Double {
        members.reduce(0) { $0 + Self.cpuSeconds($1) }
    }

    /// The first member running `command` (lighttpd below slp serve).
    func member(running command: String) -> pid_t? {
        members.first { (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) == command }
    }

    /// CPU seconds `pid` alone has used so far.
    static func cpuSeconds(_ pid: pid_t) -> Double {
        guard let fields = statFields(pid), fields.count > 12 else { return 0 }
        // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command.
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func resident(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1_024
    }

    /// The fields of /proc/PID/stat after the command (state first).
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
